import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETING_TYPES, walletSettingApi, type WalletSettingRecord } from '@swap/contracts';
import { fieldKey, optionsOf } from '../../shared/devices';
import { ResourceForm, type FormField } from '../../shared/form';
import { editAction, ListPage, removeAction } from '../../shared/table';
import { useAmount } from '../../shared/amount';
import { useOwnerOptions } from '../device-registry';

const CODE = 'order.wallet.set';

/**
 * Order centre → Wallet set: each merchant's top-up rules, the minimum a top-up pays and the
 * marketing types in use; the gifts stay in the top-up offers (docs/wallet.md, "Wallet set").
 * @route /order/wallet/set
 */
export function WalletSetPage() {
  const { t } = useTranslation();
  const amount = useAmount();
  const owners = useOwnerOptions();
  const [editing, setEditing] = useState<WalletSettingRecord | 'new' | null>(null);
  const adding = editing === 'new';
  const types = optionsOf(MARKETING_TYPES, 'topUp.marketingType');
  const fields: FormField<'merchantId' | 'minTopUp' | 'marketingTypes'>[] = [
    { name: 'merchantId', labelKey: fieldKey('merchantName'), type: 'agent', modes: ['add'] },
    { name: 'minTopUp', labelKey: fieldKey('minTopUp'), type: 'money' },
    { name: 'marketingTypes', labelKey: fieldKey('marketingTypes'), type: 'select', multiple: true, options: types },
  ];
  return (
    <ListPage
      titleKey="nav.order.wallet.set"
      add={{ code: `${CODE}.add`, labelKey: 'walletOrder.set.add', onClick: () => setEditing('new') }}
      endpoints={walletSettingApi}
      scrollX={900}
      searchFields={owners ? [{ name: 'merchantId', labelKey: fieldKey('merchantName'), type: 'select', source: owners.merchants }] : []}
      columns={[
        ...(owners ? [{ key: 'merchantName' as const, titleKey: fieldKey('merchantName'), width: 180 }] : []),
        {
          key: 'minTopUp',
          titleKey: fieldKey('minTopUp'),
          align: 'right',
          sortable: true,
          width: 160,
          render: (r) => amount(r.minTopUp, r.currency),
        },
        {
          key: 'marketingTypes',
          titleKey: fieldKey('marketingTypes'),
          width: 320,
          render: (r) => r.marketingTypes.map((type) => t(`topUp.marketingType.${type}`)).join(', '),
        },
        { key: 'updatedAt', titleKey: fieldKey('updatedAt'), kind: 'datetime', width: 180 },
      ]}
      rowActions={[
        editAction(CODE, setEditing),
        removeAction(CODE, walletSettingApi.remove, { confirmKey: 'walletOrder.set.confirmRemove' }),
      ]}
    >
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? 'walletOrder.set.add' : 'walletOrder.set.edit')}
        schema={(adding ? walletSettingApi.add.body : walletSettingApi.edit.body) as typeof walletSettingApi.edit.body}
        width={520}
        fields={fields}
        initialValues={
          editing && editing !== 'new'
            ? { minTopUp: editing.minTopUp, marketingTypes: editing.marketingTypes }
            : { minTopUp: '0', marketingTypes: [...MARKETING_TYPES] }
        }
        extraValues={editing && editing !== 'new' ? { id: editing.id } : undefined}
        submit={adding ? walletSettingApi.add : walletSettingApi.edit}
        refresh={[walletSettingApi.edit]}
        onClose={() => setEditing(null)}
      />
    </ListPage>
  );
}
