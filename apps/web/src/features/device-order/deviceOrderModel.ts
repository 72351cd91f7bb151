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
import { ORDER_ROUTES, orderKindSteps, type OrderStep } from '../order-kind';

/** Vehicle and battery orders: one state table, the texts `deviceOrder.*`, the codes `order.<kind>.*`. */
const kit = orderKindSteps<DeviceOrderRecord, DeviceOrderKind, DeviceOrderStep>({
  kinds: DEVICE_ORDER_KINDS,
  codeOf: (kind) => `order.${kind}`,
  allowed: deviceStepAllowed,
  api: deviceOrderApi,
  texts: 'deviceOrder',
  refundable: deviceOrderRefundable,
});

/** The kind of order a page shows, from its address (/order/vehicle/… or /order/battery/…). */
export const useOrderKind = kit.useKind;

export const codeOf = kit.codeOf;

export const DEVICE_ORDER_ROUTES = {
  ...ORDER_ROUTES,
  detail: (order: Pick<DeviceOrderRecord, 'kind' | 'id' | 'orderType'>) => `/order/${order.kind}/detail/${order.id}/${order.orderType}`,
  device: (order: Pick<DeviceOrderRecord, 'kind' | 'deviceId'>) => `/product/${order.kind}/detail/${order.deviceId}`,
} as const;

/** Whether staff may take a step on the order now (the state machine of the contracts, docs/orders.md). */
export const can = kit.can;

/** Hand over once paid, cancel while unpaid, refund once paid (docs/orders.md, "Refunds"): on the list's rows and the detail page. */
export const deviceOrderSteps = (kind: DeviceOrderKind): OrderStep<DeviceOrderRecord>[] => [
  kit.call(kind, 'handOver', { primary: true, confirmKey: `deviceOrder.handOverConfirm.${kind}`, doneKey: 'deviceOrder.handedOver' }),
  kit.cancel(kind),
  ...kit.refund(kind),
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
