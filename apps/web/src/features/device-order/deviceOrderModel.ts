import { useLocation } from 'react-router';
import {
  DEVICE_ORDER_STATUSES,
  DEVICE_ORDER_TYPES_OF,
  deviceStepAllowed,
  type DeviceOrderKind,
  type DeviceOrderRecord,
  type DeviceOrderStep,
  type FilterOf,
  type deviceOrderApi,
} from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField } from '../../shared/table';
import { fieldKey, optionsOf } from '../../shared/devices';

/** The kind of order a page shows, from its address (/order/vehicle/… or /order/battery/…). */
export function useOrderKind(): DeviceOrderKind {
  return useLocation().pathname.startsWith('/order/battery') ? 'battery' : 'vehicle';
}

export const codeOf = (kind: DeviceOrderKind) => `order.${kind}`;

export const DEVICE_ORDER_ROUTES = {
  list: (kind: DeviceOrderKind) => `/order/${kind}/list`,
  detail: (order: Pick<DeviceOrderRecord, 'kind' | 'id' | 'orderType'>) => `/order/${order.kind}/detail/${order.id}/${order.orderType}`,
  device: (order: Pick<DeviceOrderRecord, 'kind' | 'deviceId'>) => `/product/${order.kind}/detail/${order.deviceId}`,
  customer: (id: number) => `/user/detail/${id}`,
} as const;

export const STATUS_MAP: StatusMap = {
  REGISTERED: { meaning: 'warning', labelKey: 'deviceOrder.status.REGISTERED' },
  IN_PROGRESS: { meaning: 'processing', labelKey: 'deviceOrder.status.IN_PROGRESS' },
  PAID: { meaning: 'processing', labelKey: 'deviceOrder.status.PAID' },
  COMPLETED: { meaning: 'success', labelKey: 'deviceOrder.status.COMPLETED' },
  CANCELLED: { meaning: 'default', labelKey: 'deviceOrder.status.CANCELLED' },
  TIMEOUT_CANCELLED: { meaning: 'error', labelKey: 'deviceOrder.status.TIMEOUT_CANCELLED' },
};

/** Whether staff may take a step on the order now (the state machine of the contracts, docs/orders.md). */
export const can = (step: DeviceOrderStep) => (order: DeviceOrderRecord) => deviceStepAllowed(step, order.status);

export function searchFields(kind: DeviceOrderKind): SearchField<FilterOf<(typeof deviceOrderApi)['vehicle']['search']>>[] {
  return [
    { name: 'orderNo', labelKey: fieldKey('orderNo') },
    { name: 'customerNumber', labelKey: fieldKey('customerNumber') },
    { name: 'deviceNumber', labelKey: fieldKey('deviceNumber') },
    {
      name: 'orderType',
      labelKey: fieldKey('orderType'),
      type: 'select',
      options: optionsOf(DEVICE_ORDER_TYPES_OF[kind], 'deviceOrder.type'),
    },
    { name: 'status', labelKey: fieldKey('status'), type: 'select', options: optionsOf(DEVICE_ORDER_STATUSES, 'deviceOrder.status') },
    { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
  ];
}
