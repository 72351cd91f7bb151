import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { walletOrderApi, type WalletOrderRecord } from '@swap/contracts';
import { fieldKey } from '../../shared/devices';
import { amountColumn, OrderKindList, orderStepRowActions, PlaceOrderButton } from '../order-kind';
import { codeOf, useWalletOrderKind, walletOrderSteps } from './walletOrderModel';

const PlaceWalletOrderForm = lazy(() => import('./WalletOrderForms').then((m) => ({ default: m.PlaceWalletOrderForm })));
const MarkPaidForm = lazy(() => import('./WalletOrderForms').then((m) => ({ default: m.MarkPaidForm })));

/**
 * Order centre → Recharge orders or Package orders: customers' wallet top-ups and swap packages,
 * paid, completed, cancelled or timed out (docs/orders.md, "Recharge and package orders").
 * @route /order/recharge/list
 * @route /order/package/list
 */
export function WalletOrderListPage() {
  const { t } = useTranslation();
  const kind = useWalletOrderKind();
  const code = codeOf(kind);
  const api = walletOrderApi[kind];
  const [paying, setPaying] = useState<WalletOrderRecord | null>(null);
  const recharge = kind === 'recharge';
  return (
    <OrderKindList<WalletOrderRecord, typeof api.search>
      kind={kind}
      api={api}
      titleKey={recharge ? 'nav.order.wallet' : 'nav.order.combo'}
      operate={
        <PlaceOrderButton
          code={`${code}.add`}
          labelKey={`walletOrder.place.${kind}`}
          form={(close) => <PlaceWalletOrderForm kind={kind} onClose={close} />}
        />
      }
      scrollX={1500}
      columns={{
        middle: recharge
          ? [
              {
                key: 'marketingType',
                titleKey: fieldKey('marketingType'),
                width: 150,
                render: (r) => (r.marketingType ? t(`topUp.marketingType.${r.marketingType}`) : ''),
              },
            ]
          : [
              { key: 'packageName', titleKey: fieldKey('packageName'), width: 150 },
              { key: 'swapsLeft', titleKey: fieldKey('swapsLeft'), kind: 'number', width: 120 },
            ],
        after: [amountColumn('paidAmount', 160), ...(recharge ? [amountColumn<WalletOrderRecord>('giftAmount', 140)] : [])],
      }}
      steps={orderStepRowActions(walletOrderSteps(kind), (_drawer, order) => setPaying(order))}
    >
      {paying && <MarkPaidForm order={paying} onClose={() => setPaying(null)} />}
    </OrderKindList>
  );
}
