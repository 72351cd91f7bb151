import { lazy } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deviceOrderApi, type DeviceOrderRecord } from '@swap/contracts';
import { fieldKey } from '../../shared/devices';
import { amountColumn, OrderKindList, orderStepRowActions, PlaceOrderButton } from '../order-kind';
import { codeOf, DEVICE_ORDER_ROUTES, deviceOrderSteps, searchFields, useOrderKind } from './deviceOrderModel';

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
      steps={orderStepRowActions(deviceOrderSteps(kind))}
    />
  );
}
