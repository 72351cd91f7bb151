import { useState } from 'react';
import { ROLE_GRANT_CODE, roleAdd, roleApi, roleEdit, merchantApi, type RoleRecord } from '@swap/contracts';
import { useTranslation } from 'react-i18next';
import { useAllRecordsOf } from '../../shared/api/allRecords';
import { ResourceForm, type FormField } from '../../shared/form';
import { useCan } from '../../shared/permissions';
import { isPlatformUser } from '../../shared/session';
import { GrantPicker, useGrantable } from './GrantPicker';
import { grantsFromKeys, keysFromGrants, unseenGrants } from './grantTree';
import { roleChanges } from './roleQueries';

/** Add or edit a role: its fields plus the menus and resources it grants. */
export function RoleFormDrawer({ editing, onClose }: { editing: RoleRecord | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const adding = editing === 'new';
  const record = editing && editing !== 'new' ? editing : null;
  const platform = isPlatformUser();
  const merchants = useAllRecordsOf(merchantApi.search, {}, editing !== null && adding && platform);
  const grantable = useGrantable(editing !== null);
  const mayGrant = can(ROLE_GRANT_CODE);
  // Untouched, the tree shows the role's grants (once the grantable tree has arrived).
  const [touched, setChecked] = useState<string[] | null>(null);
  const checked = touched ?? (record ? keysFromGrants(grantable.index, record.menuIds, record.resourceIds) : []);

  const granted = grantsFromKeys(grantable.index, checked);
  const kept = record ? unseenGrants(grantable.index, record.menuIds, record.resourceIds) : { menuIds: [], resourceIds: [] };
  const grants = mayGrant
    ? { menuIds: [...granted.menuIds, ...kept.menuIds], resourceIds: [...granted.resourceIds, ...kept.resourceIds] }
    : { menuIds: record?.menuIds ?? [], resourceIds: record?.resourceIds ?? [] };

  const fields: FormField<'name' | 'description' | 'sort' | 'merchantId'>[] = [
    { name: 'name', labelKey: 'role.name', maxLength: 20 },
    { name: 'description', labelKey: 'role.description', type: 'textarea', rows: 3, maxLength: 500 },
    { name: 'sort', labelKey: 'role.sort', type: 'number', min: 0, max: 9999, precision: 0 },
  ];
  if (adding && platform) {
    fields.push({
      name: 'merchantId',
      labelKey: 'role.merchant',
      type: 'select',
      helpKey: 'role.merchantHelp',
      options: (merchants.data ?? []).map((m) => ({ value: m.id, label: m.name })),
    });
  }

  return (
    <ResourceForm
      open={editing !== null}
      mode={adding ? 'add' : 'edit'}
      title={t(adding ? 'role.addTitle' : 'role.editTitle')}
      schema={(adding ? roleAdd : roleEdit) as typeof roleEdit}
      width={640}
      fields={fields}
      initialValues={record ?? { sort: 0 }}
      extraValues={{ ...(record ? { id: record.id } : {}), ...grants }}
      submit={adding ? roleChanges.add : roleChanges.edit}
      refresh={[roleApi.edit]}
      onClose={() => {
        setChecked(null);
        onClose();
      }}
    >
      <GrantPicker
        index={grantable.index}
        treeData={grantable.treeData}
        loading={grantable.query.isLoading}
        failed={grantable.query.isError}
        onRetry={() => void grantable.query.refetch()}
        checked={checked}
        onChange={setChecked}
        disabled={!mayGrant}
      />
    </ResourceForm>
  );
}
