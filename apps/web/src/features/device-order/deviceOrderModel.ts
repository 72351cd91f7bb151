import {
  DEVICE_ORDER_KINDS,
  DEVICE_ORDER_TYPES_OF,
  deviceOrderRefundable,
  deviceStepAllowed,
  type DeviceOrderKind,
  type DeviceOrderRecord,
  type DeviceOrderStep,
  type FilterOf,
  deviceOrderApi,
} from '@swap/contracts';
import { fieldKey, optionsOf } from '../../shared/devices';
import type { SearchField } from '../../shared/table';
import { ORDER_ROUTES, refundSteps, useOrderKindOf, type OrderStep } from '../order-kind';

/** The kind of order a page shows, from its address (/order/vehicle/… or /order/battery/…). */
export const useOrderKind = (): DeviceOrderKind => useOrderKindOf(DEVICE_ORDER_KINDS);

export const codeOf = (kind: DeviceOrderKind) => `order.${kind}`;

export const DEVICE_ORDER_ROUTES = {
  ...ORDER_ROUTES,
  detail: (order: Pick<DeviceOrderRecord, 'kind' | 'id' | 'orderType'>) => `/order/${order.kind}/detail/${order.id}/${order.orderType}`,
  device: (order: Pick<DeviceOrderRecord, 'kind' | 'deviceId'>) => `/product/${order.kind}/detail/${order.deviceId}`,
} as const;

/** Whether staff may take a step on the order now (the state machine of the contracts, docs/orders.md). */
export const can = (step: DeviceOrderStep) => (order: DeviceOrderRecord) => deviceStepAllowed(step, order.status);

/** Hand over once paid, cancel while unpaid, refund once paid (docs/orders.md, "Refunds"): on the list's rows and the detail page. */
export const deviceOrderSteps = (kind: DeviceOrderKind): OrderStep<DeviceOrderRecord>[] => [
  {
    key: 'handOver',
    labelKey: 'deviceOrder.handOver',
    code: `${codeOf(kind)}.handOver`,
    when: can('handOver'),
    primary: true,
    endpoint: deviceOrderApi[kind].handOver,
    confirmKey: `deviceOrder.handOverConfirm.${kind}`,
    doneKey: 'deviceOrder.handedOver',
  },
  {
    key: 'cancel',
    labelKey: 'deviceOrder.cancel',
    code: `${codeOf(kind)}.cancel`,
    when: can('cancel'),
    danger: true,
    endpoint: deviceOrderApi[kind].cancel,
    confirmKey: 'deviceOrder.cancelConfirm',
    doneKey: 'deviceOrder.cancelled',
  },
  ...refundSteps<DeviceOrderRecord>({
    code: `${codeOf(kind)}.refund`,
    endpoint: deviceOrderApi[kind].refund,
    refundable: deviceOrderRefundable,
    texts: 'deviceOrder',
  }),
];

/** The search fields of a kind's own, beside those every order list has. */
export const searchFields = (kind: DeviceOrderKind): SearchField<FilterOf<(typeof deviceOrderApi)['vehicle']['search']>>[] => [
  { name: 'deviceNumber', labelKey: fieldKey('deviceNumber') },
  {
    name: 'orderType',
    labelKey: fieldKey('orderType'),
    type: 'select',
    options: optionsOf(DEVICE_ORDER_TYPES_OF[kind], 'deviceOrder.type'),
  },
];
