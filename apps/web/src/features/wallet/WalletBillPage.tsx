import { useState } from 'react';
import { Button } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DECIMALS, WALLET_MOVEMENT_KINDS, walletAdjust, walletApi, type WalletMovementRecord } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { ResourceForm, type FormField } from '../../shared/form';
import { ListPage } from '../../shared/table';
import { fieldKey, optionsOf } from '../../shared/devices';
import { formatAmount } from '../../shared/format';
import { isPlatformUser } from '../../shared/session';
import { useOwnerOptions } from '../device-registry';

const CODE = 'order.wallet.bill';
const money = (value: string, r: WalletMovementRecord) => formatAmount(value, r.currency, CURRENCY_DECIMALS[r.currency]);

/** Staff correct a wallet by a signed amount with its reason (platform staff choose the merchant). */
function AdjustForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const owners = useOwnerOptions();
  const fields: FormField<'merchantId' | 'customerId' | 'amount' | 'remark'>[] = [
    ...(owners
      ? [{ name: 'merchantId' as const, labelKey: fieldKey('merchantId'), type: 'select' as const, source: owners.merchants }]
      : []),
    { name: 'customerId', labelKey: fieldKey('customerId'), maxLength: 64 },
    { name: 'amount', labelKey: fieldKey('amount'), helpKey: 'wallet.amountHelp', maxLength: 16 },
    { name: 'remark', labelKey: fieldKey('remark'), type: 'textarea', rows: 3, maxLength: 200 },
  ];
  return (
    <ResourceForm
      open
      mode="add"
      width={480}
      title={t('wallet.adjustTitle')}
      schema={walletAdjust}
      fields={fields}
      submit={walletApi.adjust}
      successKey="wallet.adjusted"
      refresh={[walletApi.adjust]}
      onClose={onClose}
    />
  );
}

/**
 * Order centre → Wallet bill: every movement of the customers' wallets with the balance it left.
 * @route /order/wallet/bill
 */
export function WalletBillPage() {
  const { t } = useTranslation();
  const [adjusting, setAdjusting] = useState(false);
  const owners = useOwnerOptions();
  return (
    <ListPage
      titleKey="nav.order.wallet.bill"
      operate={
        <Can code={`${CODE}.adjust`}>
          <Button icon={<EditOutlined />} onClick={() => setAdjusting(true)}>
            {t('wallet.adjust')}
          </Button>
        </Can>
      }
      endpoints={{ search: walletApi.bill, export: walletApi.export }}
      scrollX={1300}
      defaultSort={{ field: 'createdAt', order: 'descend' }}
      searchFields={[
        { name: 'customerId', labelKey: fieldKey('customerId') },
        {
          name: 'movementKind',
          labelKey: fieldKey('movementKind'),
          type: 'select',
          options: optionsOf(WALLET_MOVEMENT_KINDS, 'wallet.movementKind'),
        },
        // A customer number is unique within its merchant only: platform staff narrow by the merchant.
        ...(owners
          ? [{ name: 'merchantId' as const, labelKey: fieldKey('merchantName'), type: 'select' as const, source: owners.merchants }]
          : []),
        { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
      ]}
      columns={[
        { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        { key: 'customerId', titleKey: fieldKey('customerId'), width: 140 },
        {
          key: 'movementKind',
          titleKey: fieldKey('movementKind'),
          width: 150,
          render: (r) => t(`wallet.movementKind.${r.movementKind}`),
        },
        { key: 'amount', titleKey: fieldKey('amount'), align: 'right', width: 170, render: (r) => money(r.amount, r) },
        { key: 'balanceAfter', titleKey: fieldKey('balanceAfter'), align: 'right', width: 190, render: (r) => money(r.balanceAfter, r) },
        { key: 'reference', titleKey: fieldKey('reference'), width: 150 },
        { key: 'operatorName', titleKey: fieldKey('operatorName'), width: 130 },
        ...(isPlatformUser() ? [{ key: 'merchantName' as const, titleKey: fieldKey('merchantId'), width: 160 }] : []),
        { key: 'remark', titleKey: fieldKey('remark'), ellipsis: true },
      ]}
    >
      {adjusting && <AdjustForm onClose={() => setAdjusting(false)} />}
    </ListPage>
  );
}
