import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { swapOrderRefundable, swapOrderRefundsThroughGateway, type SwapOrderKind, type SwapOrderRecord } from '@swap/contracts';
import { ConfirmButton } from '../../shared/confirm';
import { DetailCards, DetailFrame, type DetailGroup } from '../../shared/detail';
import { fieldKey } from '../../shared/devices';
import { useUi } from '../../shared/ui';
import { OrderPayments } from '../payment';
import { ORDER_STATUS_MAP, orderMoney } from '../order-kind';
import { can, codeOf, SWAP_ORDER_ROUTES, useSwapOrderKind } from './swapOrderModel';
import { useSwapOrderDetail, useSwapOrderSteps } from './useSwapOrderDetail';

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

/** The steps staff take on the page: their words, their action code and whether they warn. */
const STEPS = {
  pay: {
    labelKey: 'swapOrder.pay',
    confirmKey: 'swapOrder.payConfirm',
    doneKey: 'swapOrder.paid',
    action: 'walletPay',
    primary: true,
    danger: false,
  },
  cancel: {
    labelKey: 'swapOrder.cancel',
    confirmKey: 'swapOrder.cancelConfirm',
    doneKey: 'swapOrder.cancelled',
    action: 'cancel',
    primary: false,
    danger: true,
  },
  refund: {
    labelKey: 'swapOrder.refund',
    confirmKey: 'swapOrder.refundConfirm',
    doneKey: 'swapOrder.refunded',
    action: 'refund',
    primary: false,
    danger: false,
  },
  gatewayRefund: {
    labelKey: 'swapOrder.refundGateway',
    confirmKey: 'swapOrder.refundGatewayConfirm',
    doneKey: 'swapOrder.refundedGateway',
    action: 'refund',
    primary: false,
    danger: false,
  },
} as const;
type Step = Exclude<keyof typeof STEPS, 'gatewayRefund'>;

/** Collect from the wallet, cancel or refund after its question; the order reloads and a message says it is done. */
function StepButton({ order, step }: { order: SwapOrderRecord; step: Step }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const steps = useSwapOrderSteps(order.kind);
  // An order paid through a gateway is refunded through it (docs/orders.md, "Refund").
  const words = step === 'refund' && swapOrderRefundsThroughGateway(order) ? STEPS.gatewayRefund : STEPS[step];
  return (
    <ConfirmButton
      type={words.primary ? 'primary' : 'default'}
      size="middle"
      danger={words.danger}
      labelKey={words.labelKey}
      confirmKey={words.confirmKey}
      code={`${codeOf(order.kind)}.${words.action}`}
      onConfirm={async () => {
        await steps[step]({ id: order.id });
        void message.success(t(words.doneKey));
      }}
    />
  );
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
      actions={[
        {
          key: 'pay',
          code: `${codeOf(kind)}.walletPay`,
          labelKey: 'swapOrder.pay',
          when: can('pay'),
          render: (o) => <StepButton order={o} step="pay" />,
        },
        {
          key: 'cancel',
          code: `${codeOf(kind)}.cancel`,
          labelKey: 'swapOrder.cancel',
          when: can('cancel'),
          render: (o) => <StepButton order={o} step="cancel" />,
        },
        {
          key: 'refund',
          code: `${codeOf(kind)}.refund`,
          labelKey: 'swapOrder.refund',
          // Back to the wallet, or through the gateway that took the payment (docs/orders.md, "Refund").
          when: swapOrderRefundable,
          render: (o) => <StepButton order={o} step="refund" />,
        },
      ]}
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
