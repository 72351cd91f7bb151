import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAdd, accountApi, accountEdit, merchantApi, roleApi, type AccountRecord } from '@swap/contracts';
import { useAllRecordsOf } from '../../shared/api/allRecords';
import { ResourceForm, type FormField } from '../../shared/form';
import { getUserInfo, isPlatformUser } from '../../shared/session';
import { accountTenant, merchantAccountAdd, accountTypeOptions, identityOptions, rolesOfTenant } from './accountModel';
import { accountChanges } from './accountQueries';

type AddField = FormField<'username' | 'phone' | 'email' | 'name' | 'password' | 'type' | 'accountType' | 'merchantId' | 'roleIds'>;
type EditField = FormField<'phone' | 'email' | 'name' | 'type'>;

interface Placement {
  accountType?: string;
  merchantId?: number;
}

/** Add an account (choosing its merchant and roles) or edit one's name, phone, mail and identity type. */
export function AccountFormDrawer({ editing, onClose }: { editing: AccountRecord | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const user = getUserInfo();
  const platform = isPlatformUser(user);
  const adding = editing === 'new';
  const record = editing && editing !== 'new' ? editing : null;
  const [placement, setPlacement] = useState<Placement>({ accountType: 'MERCHANT' });
  const merchants = useAllRecordsOf(merchantApi.search, {}, adding && platform);
  const roles = useAllRecordsOf(roleApi.search, {}, adding);

  // Merchant staff create inside their own merchant; the server scopes their role list already.
  const tenant = platform ? accountTenant(placement.accountType, placement.merchantId) : user?.merchantId;
  const roleChoices = !platform && tenant === undefined ? (roles.data ?? []) : rolesOfTenant(roles.data ?? [], tenant);
  const types = user?.type === 'SON' ? ['SON'] : placement.accountType === 'PLATFORM' ? ['NORMAL'] : ['NORMAL', 'SON'];

  const close = () => {
    setPlacement({ accountType: 'MERCHANT' });
    onClose();
  };

  if (!adding) {
    const fields: EditField[] = [
      { name: 'name', labelKey: 'account.name', maxLength: 20 },
      { name: 'phone', labelKey: 'account.phone', maxLength: 20 },
      { name: 'email', labelKey: 'field.email', maxLength: 254, helpKey: 'account.emailHelp' },
    ];
    if (record && record.type !== 'SUPER' && user?.type !== 'SON')
      fields.push({ name: 'type', labelKey: 'account.type', type: 'select', options: identityOptions(['NORMAL', 'SON']) });
    return (
      <ResourceForm
        open={record !== null}
        mode="edit"
        title={t('account.editTitle', { username: record?.username ?? '' })}
        schema={accountEdit}
        fields={fields}
        initialValues={
          record
            ? {
                name: record.name,
                phone: record.phone ?? '',
                email: record.email ?? '',
                ...(record.type !== 'SUPER' ? { type: record.type } : {}),
              }
            : undefined
        }
        extraValues={record ? { id: record.id } : undefined}
        submit={accountChanges.edit}
        refresh={[accountApi.edit]}
        onClose={close}
      />
    );
  }

  const fields: AddField[] = [
    { name: 'username', labelKey: 'account.username', maxLength: 64, helpKey: 'account.usernameHelp' },
    { name: 'name', labelKey: 'account.name', maxLength: 20 },
    { name: 'phone', labelKey: 'account.phone', maxLength: 20 },
    { name: 'email', labelKey: 'field.email', maxLength: 254, helpKey: 'account.emailHelp' },
    { name: 'password', labelKey: 'account.password', type: 'password', maxLength: 64, helpKey: 'account.passwordHelp' },
  ];
  if (platform) fields.push({ name: 'accountType', labelKey: 'account.accountTypeLabel', type: 'select', options: accountTypeOptions });
  if (platform && placement.accountType !== 'PLATFORM') {
    fields.push({
      name: 'merchantId',
      labelKey: 'account.merchant',
      type: 'select',
      helpKey: 'account.merchantHelp',
      options: (merchants.data ?? []).map((m) => ({ value: m.id, label: m.name })),
    });
  }
  fields.push(
    { name: 'type', labelKey: 'account.type', type: 'select', options: identityOptions(types) },
    {
      name: 'roleIds',
      labelKey: 'account.roles',
      type: 'select',
      multiple: true,
      helpKey: tenant === undefined && platform ? 'account.rolesNeedMerchant' : 'account.rolesHelp',
      options: roleChoices.map((role) => ({ value: role.id, label: role.name })),
    },
  );

  return (
    <ResourceForm
      open={adding}
      mode="add"
      title={t('account.addTitle')}
      schema={(platform && placement.accountType !== 'PLATFORM' ? merchantAccountAdd : accountAdd) as typeof accountAdd}
      fields={fields}
      initialValues={{ type: types[0] as 'NORMAL' | 'SON', roleIds: [], ...(platform ? { accountType: 'MERCHANT' as const } : {}) }}
      onValuesChange={(_changed, all) =>
        setPlacement({
          accountType: typeof all.accountType === 'string' ? all.accountType : undefined,
          merchantId: typeof all.merchantId === 'number' ? all.merchantId : undefined,
        })
      }
      submit={accountChanges.add}
      refresh={[accountApi.add]}
      onClose={close}
    />
  );
}
