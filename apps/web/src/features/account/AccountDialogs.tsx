import { useTranslation } from 'react-i18next';
import { accountApi, accountAssignRoles, accountLinkSso, accountResetPassword, roleApi, type AccountRecord } from '@swap/contracts';
import { useAllRecordsOf } from '../../shared/api/allRecords';
import { ResourceForm } from '../../shared/form';
import { rolesOfTenant } from './accountModel';
import { accountChanges } from './accountQueries';

/** Sets a new password for an account (modal). */
export function ResetPasswordDialog({ account, onClose }: { account: AccountRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ResourceForm
      open={account !== null}
      mode="edit"
      container="modal"
      title={t('account.resetPasswordTitle', { username: account?.username ?? '' })}
      schema={accountResetPassword}
      fields={[{ name: 'password', labelKey: 'account.newPassword', type: 'password', maxLength: 64, helpKey: 'account.passwordHelp' }]}
      extraValues={account ? { id: account.id } : undefined}
      submit={accountChanges.resetPassword}
      successKey="account.passwordReset"
      onClose={onClose}
    />
  );
}

/** Replaces an account's roles with roles of the account's own tenant (modal). */
export function AssignRolesDialog({ account, onClose }: { account: AccountRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = useAllRecordsOf(roleApi.search, {}, account !== null);
  const choices = account ? rolesOfTenant(roles.data ?? [], account.merchantId) : [];
  return (
    <ResourceForm
      open={account !== null}
      mode="edit"
      container="modal"
      title={t('account.assignRolesTitle', { username: account?.username ?? '' })}
      schema={accountAssignRoles}
      fields={[
        {
          name: 'roleIds',
          labelKey: 'account.roles',
          type: 'select',
          multiple: true,
          helpKey: 'account.rolesHelp',
          options: choices.map((role) => ({ value: role.id, label: role.name })),
        },
      ]}
      initialValues={account ? { roleIds: account.roleIds } : undefined}
      extraValues={account ? { id: account.id } : undefined}
      submit={accountChanges.assignRoles}
      refresh={[accountApi.assignRoles]}
      onClose={onClose}
    />
  );
}

/** Links a single sign-on identity (the provider's subject) to an account (modal; docs/security.md, "Single sign-on"). */
export function LinkSsoDialog({ account, onClose }: { account: AccountRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ResourceForm
      open={account !== null}
      mode="edit"
      container="modal"
      title={t('account.ssoLinkTitle', { username: account?.username ?? '' })}
      schema={accountLinkSso}
      fields={[{ name: 'ssoSubject', labelKey: 'account.ssoSubject', maxLength: 255, helpKey: 'account.ssoSubjectHelp' }]}
      initialValues={account ? { ssoSubject: account.ssoSubject ?? '' } : undefined}
      extraValues={account ? { id: account.id } : undefined}
      submit={accountChanges.linkSso}
      refresh={[accountApi.linkSso]}
      successKey="account.ssoLinked"
      onClose={onClose}
    />
  );
}
