import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type DeviceOrderKind, type DeviceOrderRecord } from '@swap/contracts';
import { ConfirmButton } from '../../shared/confirm';
import { DetailCards, DetailFrame, type DetailGroup } from '../../shared/detail';
import { fieldKey } from '../../shared/devices';
import { useUi } from '../../shared/ui';
import { OrderPayments } from '../payment';
import { ORDER_STATUS_MAP, orderMoney } from '../order-kind';
import { can, codeOf, DEVICE_ORDER_ROUTES, useOrderKind } from './deviceOrderModel';
import { useDeviceOrderDetail, useDeviceOrderSteps } from './useDeviceOrderDetail';

function groups(t: (key: string) => string, kind: DeviceOrderKind): DetailGroup<DeviceOrderRecord>[] {
  return [
    {
      titleKey: 'deviceOrder.group.order',
      items: [
        { field: 'orderNo' },
        { field: 'orderType', render: (o) => t(`deviceOrder.type.${o.orderType}`) },
        { field: 'status', map: ORDER_STATUS_MAP },
        { field: 'customerNumber', render: (o) => <Link to={DEVICE_ORDER_ROUTES.customer(o.customerId)}>{o.customerNumber}</Link> },
        { field: 'customerName' },
        {
          field: 'deviceNumber',
          labelKey: fieldKey(kind === 'vehicle' ? 'vehicleNumber' : 'batteryNumber'),
          render: (o) => <Link to={DEVICE_ORDER_ROUTES.device(o)}>{o.deviceNumber}</Link>,
        },
        { field: 'cityName' },
        { field: 'source', render: (o) => t(`productOrder.source.${o.source}`) },
        { field: 'merchantName', labelKey: fieldKey('merchantId') },
        { field: 'createdAt' },
      ],
    },
    {
      titleKey: 'deviceOrder.group.payment',
      items: [
        { field: 'price', render: (o) => orderMoney(o, o.price) },
        { field: 'deposit', render: (o) => orderMoney(o, o.deposit) },
        { field: 'totalAmount', render: (o) => orderMoney(o, o.totalAmount) },
        { field: 'paymentGateway' },
        { field: 'transactionId' },
        { field: 'paidAt' },
        { field: 'handedOverAt' },
        { field: 'cancelledAt' },
      ],
    },
  ];
}

/** Hand over or cancel after its question; the order reloads and a message says it is done. */
function StepButton({ order, step }: { order: DeviceOrderRecord; step: 'handOver' | 'cancel' }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const steps = useDeviceOrderSteps(order.kind);
  return (
    <ConfirmButton
      type={step === 'handOver' ? 'primary' : 'default'}
      size="middle"
      danger={step === 'cancel'}
      labelKey={`deviceOrder.${step}`}
      confirmKey={step === 'handOver' ? `deviceOrder.handOverConfirm.${order.kind}` : 'deviceOrder.cancelConfirm'}
      code={`${codeOf(order.kind)}.${step}`}
      onConfirm={async () => {
        await steps[step]({ id: order.id });
        void message.success(t(step === 'handOver' ? 'deviceOrder.handedOver' : 'deviceOrder.cancelled'));
      }}
    />
  );
}

/**
 * One vehicle or battery order: the customer, the device and city, what it costs and how it was paid;
 * hand over once paid, cancel while unpaid (docs/orders.md).
 * @route /order/vehicle/detail/:id/:type
 * @route /order/battery/detail/:id/:type
 */
export function DeviceOrderDetailPage() {
  const { t } = useTranslation();
  const kind = useOrderKind();
  const { id, type } = useParams();
  return (
    <DetailFrame
      detail={useDeviceOrderDetail(kind, id, type)}
      title={(order) => t('deviceOrder.detailTitle', { number: order.orderNo })}
      pageTitleKey={kind === 'vehicle' ? 'page.vehicleOrderDetail' : 'page.batteryOrderDetail'}
      back={DEVICE_ORDER_ROUTES.list(kind)}
      loadFailedKey="deviceOrder.loadFailed"
      actions={[
        {
          key: 'handOver',
          code: `${codeOf(kind)}.handOver`,
          labelKey: 'deviceOrder.handOver',
          when: can('handOver'),
          render: (o) => <StepButton order={o} step="handOver" />,
        },
        {
          key: 'cancel',
          code: `${codeOf(kind)}.cancel`,
          labelKey: 'deviceOrder.cancel',
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
