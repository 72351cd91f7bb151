import { lazy } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deviceOrderApi, type DeviceOrderRecord } from '@swap/contracts';
import { fieldKey } from '../../shared/devices';
import { amountColumn, OrderKindList, PlaceOrderButton } from '../order-kind';
import { can, codeOf, DEVICE_ORDER_ROUTES, searchFields, useOrderKind } from './deviceOrderModel';

const DeviceOrderForm = lazy(() => import('./DeviceOrderForm').then((m) => ({ default: m.DeviceOrderForm })));

/**
 * Order centre → Vehicle orders or Battery orders: devices sold or leased to customers, paid, handed
 * over or cancelled (docs/orders.md, "Vehicle and battery orders").
 * @route /order/vehicle/list
 * @route /order/battery/list
 */
export function DeviceOrderListPage() {
  const { t } = useTranslation();
  const kind = useOrderKind();
  const api = deviceOrderApi[kind];
  const code = codeOf(kind);
  return (
    <OrderKindList<DeviceOrderRecord, typeof api.search>
      kind={kind}
      api={api}
      titleKey={`nav.order.${kind}`}
      operate={
        <PlaceOrderButton
          code={`${code}.add`}
          labelKey="deviceOrder.place"
          form={(close) => <DeviceOrderForm kind={kind} onClose={close} />}
        />
      }
      detail={DEVICE_ORDER_ROUTES.detail}
      scrollX={1700}
      search={searchFields(kind)}
      columns={{
        middle: [
          { key: 'orderType', titleKey: fieldKey('orderType'), width: 130, render: (r) => t(`deviceOrder.type.${r.orderType}`) },
          {
            key: 'deviceNumber',
            titleKey: fieldKey(kind === 'vehicle' ? 'vehicleNumber' : 'batteryNumber'),
            width: 150,
            render: (r) => <Link to={DEVICE_ORDER_ROUTES.device(r)}>{r.deviceNumber}</Link>,
          },
        ],
        after: [amountColumn('totalAmount', 160), { key: 'cityName', titleKey: fieldKey('cityName'), width: 150 }],
      }}
      steps={[
        {
          key: 'handOver',
          labelKey: 'deviceOrder.handOver',
          code: `${code}.handOver`,
          hidden: (r) => !can('handOver')(r),
          confirmKey: `deviceOrder.handOverConfirm.${kind}`,
          successKey: 'deviceOrder.handedOver',
          call: { endpoint: api.handOver, input: (r) => ({ id: r.id }) },
        },
        {
          key: 'cancel',
          labelKey: 'deviceOrder.cancel',
          code: `${code}.cancel`,
          danger: true,
          hidden: (r) => !can('cancel')(r),
          confirmKey: 'deviceOrder.cancelConfirm',
          successKey: 'deviceOrder.cancelled',
          call: { endpoint: api.cancel, input: (r) => ({ id: r.id }) },
        },
      ]}
    />
  );
}
