import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commonSettingAdd, commonSettingApi, commonSettingEdit, type CommonSettingRecord } from '@swap/contracts';
import { ResourceForm } from '../../shared/form';
import { editAction, ListPage, removeAction } from '../../shared/table';
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
    <ListPage
      titleKey="nav.admin.commonSetting"
      add={{ code: 'admin.commonSetting.add', labelKey: 'commonSetting.add', onClick: () => setEditing('new') }}
      endpoints={commonSettingApi}
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
    >
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
    </ListPage>
  );
}
