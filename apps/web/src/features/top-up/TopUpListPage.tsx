import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DECIMALS, MARKETING_TYPES, topUpApi, type TopUpRecord } from '@swap/contracts';
import { ListPage } from '../../shared/table';
import { fieldKey, optionsOf } from '../../shared/devices';
import { formatAmount } from '../../shared/format';
import { isPlatformUser } from '../../shared/session';
import { TopUpAddForm } from './TopUpAddForm';

const CODE = 'price.rechargeRecord';
const amount = (value: string, r: TopUpRecord) => formatAmount(value, r.currency, CURRENCY_DECIMALS[r.currency]);

/**
 * Operation centre → Pricing → Top-up records: wallet recharges made by staff, each with the balance it left.
 * @route /basic-pricing/reahargeOperateRecord
 */
export function TopUpListPage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <ListPage
      titleKey="nav.price.rechargeRecord"
      add={{ code: `${CODE}.add`, labelKey: 'topUp.add', onClick: () => setAdding(true) }}
      endpoints={topUpApi}
      scrollX={1300}
      defaultSort={{ field: 'createdAt', order: 'descend' }}
      searchFields={[
        { name: 'customerId', labelKey: fieldKey('customerId') },
        {
          name: 'marketingType',
          labelKey: fieldKey('marketingType'),
          type: 'select',
          options: optionsOf(MARKETING_TYPES, 'topUp.marketingType'),
        },
        { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
      ]}
      columns={[
        { key: 'customerId', titleKey: fieldKey('customerId'), sortable: true, width: 140 },
        { key: 'paidAmount', titleKey: fieldKey('paidAmount'), align: 'right', width: 170, render: (r) => amount(r.paidAmount, r) },
        { key: 'giftAmount', titleKey: fieldKey('giftAmount'), align: 'right', width: 170, render: (r) => amount(r.giftAmount, r) },
        {
          key: 'marketingType',
          titleKey: fieldKey('marketingType'),
          width: 160,
          render: (r) => t(`topUp.marketingType.${r.marketingType}`),
        },
        { key: 'balanceAfter', titleKey: fieldKey('balanceAfter'), align: 'right', width: 190, render: (r) => amount(r.balanceAfter, r) },
        { key: 'operatorName', titleKey: fieldKey('operatorName'), width: 140 },
        ...(isPlatformUser() ? [{ key: 'merchantName' as const, titleKey: fieldKey('merchantId'), width: 160 }] : []),
        { key: 'remark', titleKey: fieldKey('remark'), ellipsis: true },
        { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
      ]}
    >
      {adding && <TopUpAddForm onClose={() => setAdding(false)} />}
    </ListPage>
  );
}
