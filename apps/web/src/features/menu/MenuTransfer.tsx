import { useRef, useState } from 'react';
import { Button, Descriptions } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { menuApi, menuExportFile, resourceApi, type MenuExportFile } from '@swap/contracts';
import { invalidateResources } from '../../shared/api/endpoints';
import { ignoreApiError } from '../../shared/api/errors';
import { Can } from '../../shared/Can';
import { useConfirm } from '../../shared/confirm';
import { openDialog } from '../../shared/dialogs';
import { useUi } from '../../shared/ui';
import { menuChanges } from './menuQueries';

/** Reads a chosen file as JSON; null when it is not JSON at all. */
async function readJson(file: File): Promise<unknown> {
  try {
    return JSON.parse(await file.text()) as unknown;
  } catch {
    return null;
  }
}

/** Export of every menu and resource as a JSON file, and import of such a file. */
export function MenuTransfer() {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  const runExport = async () => {
    setExporting(true);
    try {
      await menuChanges.export('menus.json');
    } catch (error) {
      ignoreApiError(error);
    } finally {
      setExporting(false);
    }
  };

  const runImport = async (file: File) => {
    const parsed = menuExportFile.safeParse(await readJson(file));
    if (!parsed.success) {
      void message.error(t('menu.importInvalid'));
      return;
    }
    // An import rewrites every menu and resource with a code in the file: ask first.
    confirm({
      titleKey: 'menu.import',
      contentKey: 'menu.confirmImport',
      contentParams: { menus: parsed.data.menus.length, resources: parsed.data.resources.length },
      onOk: () => sendImport(parsed.data),
    });
  };

  const sendImport = async (data: MenuExportFile) => {
    setImporting(true);
    try {
      const result = await menuChanges.import(data);
      await invalidateResources(queryClient, [menuApi.import, resourceApi.search]);
      void openDialog('success', {
        title: t('menu.importDone'),
        okText: t('common.ok'),
        content: (
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('menu.menusCreated')}>{result.menusCreated}</Descriptions.Item>
            <Descriptions.Item label={t('menu.menusUpdated')}>{result.menusUpdated}</Descriptions.Item>
            <Descriptions.Item label={t('menu.resourcesCreated')}>{result.resourcesCreated}</Descriptions.Item>
            <Descriptions.Item label={t('menu.resourcesUpdated')}>{result.resourcesUpdated}</Descriptions.Item>
          </Descriptions>
        ),
      });
    } catch (error) {
      ignoreApiError(error);
    } finally {
      setImporting(false);
    }
  };

  return (
    <>
      <Can code="admin.resource.export">
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
          {t('menu.export')}
        </Button>
      </Can>
      <Can code="admin.resource.import">
        <Button icon={<UploadOutlined />} loading={importing} onClick={() => input.current?.click()}>
          {t('menu.import')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={t('menu.import')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void runImport(file);
          }}
        />
      </Can>
    </>
  );
}
