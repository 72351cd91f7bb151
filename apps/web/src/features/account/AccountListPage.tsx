import { useState } from 'react';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi, merchantApi, type AccountRecord, type FilterOf } from '@swap/contracts';
import { useAllRecordsOf } from '../../shared/api/allRecords';
import { ListPage, type SearchField } from '../../shared/table';
import { getUserInfo, isPlatformUser } from '../../shared/session';
import { AccountFormDrawer } from './AccountFormDrawer';
import { AssignRolesDialog, LinkSsoDialog, ResetPasswordDialog } from './AccountDialogs';
import { usePublicSettings } from '../../shared/publicSettings';
import { IDENTITY_MAP, identityOptions, STATUS_MAP, statusOptions } from './accountModel';
import { accountChanges } from './accountQueries';
import { Text } from '../../shared/Text';

/**
 * System centre → Accounts.
 * @route /system/admin/list
 */
export function AccountListPage() {
  const { t } = useTranslation();
  const platform = isPlatformUser();
  // Nobody disables their own account from here: they would lock themselves out.
  const me = getUserInfo()?.username;
  const merchants = useAllRecordsOf(merchantApi.search, {}, platform);
  const [editing, setEditing] = useState<AccountRecord | 'new' | null>(null);
  const [resetting, setResetting] = useState<AccountRecord | null>(null);
  const [assigning, setAssigning] = useState<AccountRecord | null>(null);
  const [linking, setLinking] = useState<AccountRecord | null>(null);
  // Single sign-on links only when a provider is set.
  const sso = Boolean(usePublicSettings().data?.sso);

  const searchFields: SearchField<FilterOf<typeof accountApi.search>>[] = [
    { name: 'keyword', labelKey: 'account.keyword' },
    { name: 'type', labelKey: 'account.type', type: 'select', options: identityOptions() },
    { name: 'status', labelKey: 'account.statusLabel', type: 'select', options: statusOptions },
  ];
  if (platform)
    searchFields.push({
      name: 'merchantId',
      labelKey: 'account.merchant',
      type: 'select',
      options: (merchants.data ?? []).map((m) => ({ value: m.id, label: m.name })),
    });

  const setStatus = (record: AccountRecord, status: AccountRecord['status']) => accountChanges.setStatus({ id: record.id, status });

  return (
    <ListPage
      titleKey="nav.admin.admin"
      add={{ code: 'admin.admin.add', labelKey: 'account.add', onClick: () => setEditing('new') }}
      endpoints={accountApi}
      searchFields={searchFields}
      columns={[
        {
          key: 'username',
          titleKey: 'account.usernameOrPhone',
          sortable: true,
          render: (r) => (
            <Flex vertical>
              <span>{r.username}</span>
              {r.phone ? <Text type="secondary">{r.phone}</Text> : null}
            </Flex>
          ),
        },
        { key: 'name', titleKey: 'account.name', sortable: true },
        { key: 'email', titleKey: 'field.email', sortable: true, render: (r) => r.email ?? t('common.empty') },
        {
          key: 'accountType',
          titleKey: 'account.accountTypeLabel',
          sortable: true,
          render: (r) => t(`account.accountType.${r.accountType}`),
        },
        { key: 'type', titleKey: 'account.type', sortable: true, kind: 'status', statusMap: IDENTITY_MAP },
        { key: 'status', titleKey: 'account.statusLabel', sortable: true, kind: 'status', statusMap: STATUS_MAP },
        { key: 'merchantName', titleKey: 'account.ownership', sortable: true, render: (r) => r.merchantName ?? t('account.platform') },
        {
          key: 'roleNames',
          titleKey: 'account.roles',
          render: (r) => (r.roleNames.length > 0 ? r.roleNames.map((name) => <Tag key={name}>{name}</Tag>) : t('common.empty')),
        },
        { key: 'lastLoginAt', titleKey: 'account.lastLogin', kind: 'datetime', sortable: true, width: 120 },
        ...(sso
          ? [{ key: 'ssoSubject' as const, titleKey: 'account.sso', render: (r: AccountRecord) => r.ssoSubject ?? t('common.empty') }]
          : []),
      ]}
      rowActions={[
        { key: 'edit', labelKey: 'common.edit', code: 'admin.admin.edit', onClick: (r) => setEditing(r) },
        {
          key: 'disable',
          labelKey: 'account.disable',
          code: 'admin.admin.status',
          danger: true,
          confirmKey: 'account.confirmDisable',
          hidden: (r) => r.status !== 'ENABLED' || r.username === me,
          onClick: (r) => setStatus(r, 'DISABLED'),
          successKey: 'account.disabled',
        },
        {
          key: 'enable',
          labelKey: 'account.enable',
          code: 'admin.admin.status',
          confirmKey: 'account.confirmEnable',
          hidden: (r) => r.status === 'ENABLED',
          onClick: (r) => setStatus(r, 'ENABLED'),
          successKey: 'account.enabled',
        },
        { key: 'resetPassword', labelKey: 'account.resetPassword', code: 'admin.admin.resetPassword', onClick: (r) => setResetting(r) },
        { key: 'assignRoles', labelKey: 'account.assignRoles', code: 'admin.admin.assignRoles', onClick: (r) => setAssigning(r) },
        { key: 'ssoLink', labelKey: 'account.ssoLink', code: 'admin.admin.edit', hidden: () => !sso, onClick: (r) => setLinking(r) },
        {
          key: 'ssoUnlink',
          labelKey: 'account.ssoUnlink',
          code: 'admin.admin.edit',
          danger: true,
          confirmKey: 'account.ssoConfirmUnlink',
          hidden: (r) => !sso || !r.ssoSubject,
          onClick: (r) => accountChanges.unlinkSso({ id: r.id }),
          successKey: 'account.ssoUnlinked',
        },
      ]}
    >
      <AccountFormDrawer editing={editing} onClose={() => setEditing(null)} />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />
      <AssignRolesDialog account={assigning} onClose={() => setAssigning(null)} />
      <LinkSsoDialog account={linking} onClose={() => setLinking(null)} />
    </ListPage>
  );
}
