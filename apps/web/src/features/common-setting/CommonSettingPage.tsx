import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { commonSettingAdd, commonSettingApi, commonSettingEdit, type CommonSettingRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { ResourceForm } from '../../shared/form';
import { editAction, removeAction, ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { commonSettingChanges } from './commonSettingQueries';

/**
 * System centre → Common settings.
 * @route /system/common/setting
 */
export function CommonSettingPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<CommonSettingRecord | 'new' | null>(null);
  const adding = editing === 'new';
  const record = editing && editing !== 'new' ? editing : null;
  return (
    <>
      <TitleBar
        title={t('nav.admin.commonSetting')}
        operate={
          <Can code="admin.commonSetting.add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('commonSetting.add')}
            </Button>
          </Can>
        }
      />
      <ResourceTable<CommonSettingRecord, typeof commonSettingApi.search>
        endpoints={{ search: commonSettingApi.search, export: commonSettingApi.export }}
        exportFilename="common-settings"
        rowKey="id"
        searchFields={[
          { name: 'keyword', labelKey: 'commonSetting.keyword' },
          { name: 'name', labelKey: 'commonSetting.name' },
        ]}
        columns={[
          { key: 'name', titleKey: 'commonSetting.name', sortable: true },
          { key: 'value', titleKey: 'commonSetting.value', ellipsis: true },
          { key: 'description', titleKey: 'commonSetting.description', ellipsis: true },
          { key: 'remark', titleKey: 'commonSetting.remark', ellipsis: true },
          { key: 'updatedAt', titleKey: 'commonSetting.updatedAt', kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[
          editAction('admin.commonSetting', setEditing),
          removeAction('admin.commonSetting', (r) => commonSettingChanges.remove(r.id)),
        ]}
      />
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? 'commonSetting.addTitle' : 'commonSetting.editTitle')}
        schema={(adding ? commonSettingAdd : commonSettingEdit) as typeof commonSettingEdit}
        fields={[
          { name: 'name', labelKey: 'commonSetting.name', maxLength: 20 },
          { name: 'value', labelKey: 'commonSetting.value', type: 'textarea', rows: 3, maxLength: 1000 },
          { name: 'description', labelKey: 'commonSetting.description', type: 'textarea', rows: 3, maxLength: 500 },
          { name: 'remark', labelKey: 'commonSetting.remark', type: 'textarea', rows: 2, maxLength: 500 },
        ]}
        initialValues={record ?? undefined}
        extraValues={record ? { id: record.id } : undefined}
        submit={adding ? commonSettingChanges.add : commonSettingChanges.edit}
        refresh={[commonSettingApi.edit]}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
