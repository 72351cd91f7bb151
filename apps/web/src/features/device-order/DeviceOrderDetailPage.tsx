import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type DeviceOrderKind, type DeviceOrderRecord } from '@swap/contracts';
import { DetailCards, DetailFrame, type DetailGroup } from '../../shared/detail';
import { fieldKey } from '../../shared/devices';
import { OrderPayments } from '../payment';
import { ORDER_STATUS_MAP, orderMoney, orderStepActions } from '../order-kind';
import { can, codeOf, DEVICE_ORDER_ROUTES, deviceOrderSteps, useOrderKind } from './deviceOrderModel';
import { useDeviceOrderDetail } from './useDeviceOrderDetail';

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
        { field: 'refundedAt' },
      ],
    },
  ];
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
      actions={orderStepActions(deviceOrderSteps(kind))}
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
