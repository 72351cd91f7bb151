import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SwapOrderKind, SwapOrderRecord } from '@swap/contracts';
import { DetailCards, DetailFrame, type DetailGroup } from '../../shared/detail';
import { fieldKey } from '../../shared/devices';
import { OrderPayments } from '../payment';
import { ORDER_STATUS_MAP, orderMoney, orderStepActions } from '../order-kind';
import { can, codeOf, SWAP_ORDER_ROUTES, swapOrderSteps, useSwapOrderKind } from './swapOrderModel';
import { useSwapOrderDetail } from './useSwapOrderDetail';

function groups(t: (key: string, params?: Record<string, unknown>) => string, kind: SwapOrderKind): DetailGroup<SwapOrderRecord>[] {
  return [
    {
      titleKey: 'swapOrder.group.order',
      items: [
        { field: 'orderNo' },
        { field: 'status', map: ORDER_STATUS_MAP },
        { field: 'customerNumber', render: (o) => <Link to={SWAP_ORDER_ROUTES.customer(o.customerId)}>{o.customerNumber}</Link> },
        { field: 'customerName' },
        { field: 'swapId', render: (o) => <Link to={SWAP_ORDER_ROUTES.swap(o.swapId)}>{t('swapOrder.swapLink', { id: o.swapId })}</Link> },
        { field: 'swapAt' },
        { field: 'cabinetNumber', render: (o) => <Link to={SWAP_ORDER_ROUTES.cabinet(o.cabinetId)}>{o.cabinetNumber}</Link> },
        { field: 'cityName' },
        { field: 'merchantName', labelKey: fieldKey('merchantId') },
        { field: 'createdAt' },
      ],
    },
    ...(kind === 'kwh'
      ? [
          {
            titleKey: 'swapOrder.group.energy',
            items: [{ field: 'meterStartKwh' as const }, { field: 'meterEndKwh' as const }, { field: 'energyKwh' as const }],
          },
        ]
      : []),
    {
      titleKey: 'swapOrder.group.payment',
      items: [
        { field: 'unitPrice', render: (o) => orderMoney(o, o.unitPrice) },
        { field: 'amount', render: (o) => orderMoney(o, o.amount) },
        { field: 'paymentGateway' },
        { field: 'transactionId' },
        { field: 'paidAt' },
        { field: 'completedAt' },
        { field: 'cancelledAt' },
        { field: 'refundedAt' },
      ],
    },
  ];
}

/**
 * One transfer or energy order: the swap it charges (a link to the swap record), the customer and
 * cabinet, an energy order's meter readings, what it costs and how it was paid, with the steps its
 * status allows: collect from the wallet and cancel while unpaid, refund while a payment settles (to
 * the wallet, or through the gateway that took it; docs/orders.md).
 * @route /order/transfer/detail/:id
 * @route /order/kwh/detail/:id
 */
export function SwapOrderDetailPage() {
  const { t } = useTranslation();
  const kind = useSwapOrderKind();
  const { id } = useParams();
  return (
    <DetailFrame
      detail={useSwapOrderDetail(kind, id)}
      title={(order) => t('swapOrder.detailTitle', { number: order.orderNo })}
      pageTitleKey={kind === 'kwh' ? 'page.kwhOrderDetail' : 'page.transferOrderDetail'}
      back={SWAP_ORDER_ROUTES.list(kind)}
      loadFailedKey="swapOrder.loadFailed"
      actions={orderStepActions(swapOrderSteps(kind))}
    >
      {(order) => (
        <>
          <DetailCards record={order} groups={groups(t, kind)} fieldLabel={fieldKey} />
          <OrderPayments orderNo={order.orderNo} payCode={`${codeOf(kind)}.pay`} owing={can('pay')(order)} />
        </>
      )}
    </DetailFrame>
  );
}
