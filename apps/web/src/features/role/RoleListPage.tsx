import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleApi, type RoleRecord } from '@swap/contracts';
import { editAction, ListPage, removeAction } from '../../shared/table';
import { isPlatformUser } from '../../shared/session';
import { RoleFormDrawer } from './RoleFormDrawer';
import { roleChanges } from './roleQueries';

/**
 * System centre → Roles.
 * @route /system/role/list
 */
export function RoleListPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<RoleRecord | 'new' | null>(null);
  const platform = isPlatformUser();
  return (
    <ListPage
      titleKey="nav.admin.role"
      add={{ code: 'admin.role.add', labelKey: 'role.add', onClick: () => setEditing('new') }}
      endpoints={roleApi}
      searchFields={[{ name: 'keyword', labelKey: 'role.keyword' }]}
      columns={[
        { key: 'name', titleKey: 'role.name', sortable: true },
        { key: 'description', titleKey: 'role.description', ellipsis: true },
        ...(platform
          ? [
              {
                key: 'merchantName' as const,
                titleKey: 'role.merchant',
                sortable: true as const,
                render: (r: RoleRecord) => r.merchantName ?? t('role.platform'),
              },
            ]
          : []),
        { key: 'sort', titleKey: 'role.sort', kind: 'number', sortable: true, width: 90 },
        { key: 'accountCount', titleKey: 'role.accounts', kind: 'number', sortable: true, width: 130 },
        { key: 'createdAt', titleKey: 'role.createdAt', kind: 'datetime', sortable: true, width: 180 },
      ]}
      rowActions={[
        editAction('admin.role', setEditing),
        removeAction('admin.role', (r) => roleChanges.remove(r.id), { confirmKey: 'role.confirmRemove' }),
      ]}
    >
      <RoleFormDrawer editing={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
