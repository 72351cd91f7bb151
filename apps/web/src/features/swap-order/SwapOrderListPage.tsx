import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SWAP_ORDER_STATUSES, swapOrderApi, type SwapOrderRecord } from '@swap/contracts';
import { fieldKey } from '../../shared/devices';
import { amountColumn, OrderKindList, orderStepRowActions } from '../order-kind';
import { SWAP_ORDER_ROUTES, swapOrderSteps, useSwapOrderKind } from './swapOrderModel';

/**
 * Order centre → Transfer orders or Energy orders: the paid side of charged swaps, each linked to its
 * swap record; collect an unpaid one from the wallet or cancel it (docs/orders.md, "Transfer and energy orders").
 * @route /order/transfer/list
 * @route /order/kwh/list
 */
export function SwapOrderListPage() {
  const { t } = useTranslation();
  const kind = useSwapOrderKind();
  const api = swapOrderApi[kind];
  return (
    <OrderKindList<SwapOrderRecord, typeof api.search>
      kind={kind}
      api={api}
      titleKey={`nav.order.${kind}`}
      scrollX={kind === 'kwh' ? 1800 : 1600}
      search={[{ name: 'cabinetNumber', labelKey: fieldKey('cabinetNumber') }]}
      statuses={SWAP_ORDER_STATUSES}
      columns={{
        middle: [
          {
            key: 'swapId',
            titleKey: fieldKey('swapId'),
            width: 130,
            render: (r) => <Link to={SWAP_ORDER_ROUTES.swap(r.swapId)}>{t('swapOrder.swapLink', { id: r.swapId })}</Link>,
          },
          { key: 'cabinetNumber', titleKey: fieldKey('cabinetNumber'), width: 140 },
          ...(kind === 'kwh' ? [{ key: 'energyKwh', titleKey: fieldKey('energyKwh'), align: 'right' as const, width: 130 }] : []),
        ],
        after: [amountColumn('amount', 150), { key: 'cityName', titleKey: fieldKey('cityName'), width: 150 }],
        last: [{ key: 'swapAt', titleKey: fieldKey('swapAt'), kind: 'datetime', width: 180 }],
      }}
      steps={orderStepRowActions(swapOrderSteps(kind))}
    />
  );
}
