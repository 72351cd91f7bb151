import { useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { firmwareApi, firmwareEdit, type FirmwareRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { fieldKey } from '../../shared/devices';
import { formatFileSize } from '../../shared/format';
import { ResourceForm } from '../../shared/form';
import { editAction, ListPage, removeAction } from '../../shared/table';
import { useTypeOptions } from '../device-registry';
import { UpgradeForm } from './UpgradeForm';
import { RECORDS_PATH, uploadSchema } from './upgradeModel';
import { uploadFirmware } from './upgradeQueries';

const CODE = 'updrade.firmware';

/**
 * System → Upgrades → Firmware: the images of each cabinet type with the size and SHA-256 the server
 * computed, how many cabinets run each, upload, release notes, removal and the Upgrade drawer
 * (docs/firmware.md).
 * @route /updrade/firmware
 */
export function FirmwarePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useTypeOptions('cabinet');
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<FirmwareRecord | null>(null);
  const [upgrading, setUpgrading] = useState<FirmwareRecord | null>(null);
  return (
    <ListPage
      titleKey="nav.updrade.firmware"
      operate={
        <Can code={`${CODE}.add`} platformOnly>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {t('upgrade.upload')}
          </Button>
        </Can>
      }
      endpoints={{ search: firmwareApi.search }}
      scrollX={1500}
      defaultSort={{ field: 'createdAt', order: 'descend' }}
      searchFields={[
        { name: 'typeId', labelKey: fieldKey('typeId'), type: 'select', options: types },
        { name: 'version', labelKey: fieldKey('version') },
      ]}
      columns={[
        { key: 'typeName', titleKey: fieldKey('typeId'), sortable: true, width: 160 },
        { key: 'version', titleKey: fieldKey('version'), sortable: true, width: 120 },
        { key: 'fileName', titleKey: fieldKey('fileName'), ellipsis: true, width: 180 },
        { key: 'fileSize', titleKey: fieldKey('fileSize'), width: 110, align: 'right', render: (r) => formatFileSize(r.fileSize) },
        {
          key: 'sha256',
          titleKey: fieldKey('sha256'),
          width: 220,
          ellipsis: true,
          render: (r) => <code>{r.sha256}</code>,
        },
        { key: 'releaseNotes', titleKey: fieldKey('releaseNotes'), ellipsis: true },
        { key: 'deviceCount', titleKey: fieldKey('deviceCount'), kind: 'number', width: 100 },
        { key: 'createdByName', titleKey: fieldKey('createdByName'), width: 140 },
        { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 190 },
      ]}
      rowActions={[
        { key: 'upgrade', labelKey: 'upgrade.upgrade', code: `${CODE}.upgrade`, onClick: (r) => setUpgrading(r) },
        editAction(CODE, setEditing, { platformOnly: true }),
        removeAction(CODE, firmwareApi.remove, { confirmKey: 'upgrade.confirmRemove', platformOnly: true }),
      ]}
    >
      <ResourceForm
        open={uploading}
        mode="add"
        title={t('upgrade.upload')}
        schema={uploadSchema}
        width={600}
        fields={[
          { name: 'typeId', labelKey: fieldKey('typeId'), type: 'select', options: types },
          { name: 'version', labelKey: fieldKey('version'), maxLength: 40, helpKey: 'upgrade.versionHelp' },
          { name: 'releaseNotes', labelKey: fieldKey('releaseNotes'), type: 'textarea', rows: 5, maxLength: 2000 },
          { name: 'file', labelKey: fieldKey('fileName'), type: 'file', helpKey: 'upgrade.fileHelp' },
        ]}
        submit={uploadFirmware}
        successKey="upgrade.uploaded"
        refresh={[firmwareApi.search, firmwareApi.versions]}
        onClose={() => setUploading(false)}
      />
      <ResourceForm
        open={editing !== null}
        mode="edit"
        title={editing ? t('upgrade.editTitle', { version: editing.version, type: editing.typeName }) : ''}
        schema={firmwareEdit}
        width={600}
        fields={[{ name: 'releaseNotes', labelKey: fieldKey('releaseNotes'), type: 'textarea', rows: 8, maxLength: 2000 }]}
        initialValues={editing ?? {}}
        extraValues={editing ? { id: editing.id } : undefined}
        submit={firmwareApi.edit}
        onClose={() => setEditing(null)}
      />
      <UpgradeForm
        firmware={upgrading}
        onClose={() => setUpgrading(null)}
        onStarted={(task) => void navigate(RECORDS_PATH, { state: { taskId: task.id } })}
      />
    </ListPage>
  );
}
