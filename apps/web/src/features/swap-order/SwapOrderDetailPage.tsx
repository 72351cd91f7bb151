import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type SwapOrderKind, type SwapOrderRecord } from '@swap/contracts';
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
      ],
    },
  ];
}

/** Collect from the wallet or cancel after its question; the order reloads and a message says it is done. */
function StepButton({ order, step }: { order: SwapOrderRecord; step: 'pay' | 'cancel' }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const steps = useSwapOrderSteps(order.kind);
  return (
    <ConfirmButton
      type={step === 'pay' ? 'primary' : 'default'}
      size="middle"
      danger={step === 'cancel'}
      labelKey={`swapOrder.${step}`}
      confirmKey={step === 'pay' ? 'swapOrder.payConfirm' : 'swapOrder.cancelConfirm'}
      code={`${codeOf(order.kind)}.${step === 'pay' ? 'walletPay' : step}`}
      onConfirm={async () => {
        await steps[step]({ id: order.id });
        void message.success(t(step === 'pay' ? 'swapOrder.paid' : 'swapOrder.cancelled'));
      }}
    />
  );
}

/**
 * One transfer or energy order: the swap it charges (a link to the swap record), the customer and
 * cabinet, an energy order's meter readings, what it costs and how it was paid (docs/orders.md).
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
