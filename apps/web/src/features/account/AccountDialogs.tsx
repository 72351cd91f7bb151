import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { accountApi, accountAssignRoles, accountLinkSso, accountResetPassword, roleApi, type AccountRecord } from '@swap/contracts';
import { useAllRecordsOf } from '../../shared/api/allRecords';
import { ResourceForm, type ResourceFormProps } from '../../shared/form';
import { rolesOfTenant } from './accountModel';
import { accountChanges } from './accountQueries';

/** The account a dialog acts on (null: closed), and what closes it. */
interface DialogProps {
  account: AccountRecord | null;
  onClose: () => void;
}

/**
 * A modal acting on one account: open while it has an account, titled with the account's username
 * (`{username}` in the title's words), the account's id sent with the form's values.
 */
function AccountDialog<S extends z.ZodObject>({
  account,
  onClose,
  titleKey,
  ...form
}: DialogProps & { titleKey: string } & Pick<
    ResourceFormProps<S>,
    'schema' | 'fields' | 'initialValues' | 'submit' | 'refresh' | 'successKey'
  >) {
  const { t } = useTranslation();
  return (
    <ResourceForm<S>
      {...form}
      open={account !== null}
      mode="edit"
      container="modal"
      title={t(titleKey, { username: account?.username ?? '' })}
      extraValues={account ? ({ id: account.id } as unknown as Partial<z.input<S>>) : undefined}
      onClose={onClose}
    />
  );
}

/** Sets a new password for an account (modal). */
export function ResetPasswordDialog(props: DialogProps) {
  return (
    <AccountDialog
      {...props}
      titleKey="account.resetPasswordTitle"
      schema={accountResetPassword}
      fields={[{ name: 'password', labelKey: 'account.newPassword', type: 'password', maxLength: 64, helpKey: 'account.passwordHelp' }]}
      submit={accountChanges.resetPassword}
      successKey="account.passwordReset"
    />
  );
}

/** Replaces an account's roles with roles of the account's own tenant (modal). */
export function AssignRolesDialog(props: DialogProps) {
  const { account } = props;
  const roles = useAllRecordsOf(roleApi.search, {}, account !== null);
  const choices = account ? rolesOfTenant(roles.data ?? [], account.merchantId) : [];
  return (
    <AccountDialog
      {...props}
      titleKey="account.assignRolesTitle"
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
      submit={accountChanges.assignRoles}
      refresh={[accountApi.assignRoles]}
    />
  );
}

/** Links a single sign-on identity (the provider's subject) to an account (modal; docs/security.md, "Single sign-on"). */
export function LinkSsoDialog(props: DialogProps) {
  const { account } = props;
  return (
    <AccountDialog
      {...props}
      titleKey="account.ssoLinkTitle"
      schema={accountLinkSso}
      fields={[{ name: 'ssoSubject', labelKey: 'account.ssoSubject', maxLength: 255, helpKey: 'account.ssoSubjectHelp' }]}
      initialValues={account ? { ssoSubject: account.ssoSubject ?? '' } : undefined}
      submit={accountChanges.linkSso}
      refresh={[accountApi.linkSso]}
      successKey="account.ssoLinked"
    />
  );
}
