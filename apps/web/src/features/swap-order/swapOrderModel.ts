import { useLocation } from 'react-router';
import {
  SWAP_ORDER_STATUSES,
  swapOrderStepAllowed,
  type FilterOf,
  type SwapOrderKind,
  type SwapOrderRecord,
  type SwapOrderStep,
  type swapOrderApi,
} from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField } from '../../shared/table';
import { fieldKey, optionsOf } from '../../shared/devices';

/** The kind of order a page shows, from its address (/order/transfer/… or /order/kwh/…). */
export function useSwapOrderKind(): SwapOrderKind {
  return useLocation().pathname.startsWith('/order/kwh') ? 'kwh' : 'transfer';
}

export const codeOf = (kind: SwapOrderKind) => `order.${kind}`;

export const SWAP_ORDER_ROUTES = {
  list: (kind: SwapOrderKind) => `/order/${kind}/list`,
  detail: (order: Pick<SwapOrderRecord, 'kind' | 'id'>) => `/order/${order.kind}/detail/${order.id}`,
  swap: (id: number) => `/business/transfer/detail/${id}`,
  cabinet: (id: number) => `/product/cabinet/detail/${id}`,
  customer: (id: number) => `/user/detail/${id}`,
} as const;

/** The same states, and words, as vehicle and battery orders (docs/orders.md). */
export const STATUS_MAP: StatusMap = {
  REGISTERED: { meaning: 'warning', labelKey: 'deviceOrder.status.REGISTERED' },
  IN_PROGRESS: { meaning: 'processing', labelKey: 'deviceOrder.status.IN_PROGRESS' },
  PAID: { meaning: 'processing', labelKey: 'deviceOrder.status.PAID' },
  COMPLETED: { meaning: 'success', labelKey: 'deviceOrder.status.COMPLETED' },
  CANCELLED: { meaning: 'default', labelKey: 'deviceOrder.status.CANCELLED' },
  TIMEOUT_CANCELLED: { meaning: 'error', labelKey: 'deviceOrder.status.TIMEOUT_CANCELLED' },
};

/** Whether staff may take a step on the order now (the state table of the contracts). */
export const can = (step: SwapOrderStep) => (order: SwapOrderRecord) => swapOrderStepAllowed(step, order.status);

export function searchFields(): SearchField<FilterOf<(typeof swapOrderApi)['transfer']['search']>>[] {
  return [
    { name: 'orderNo', labelKey: fieldKey('orderNo') },
    { name: 'customerNumber', labelKey: fieldKey('customerNumber') },
    { name: 'cabinetNumber', labelKey: fieldKey('cabinetNumber') },
    { name: 'status', labelKey: fieldKey('status'), type: 'select', options: optionsOf(SWAP_ORDER_STATUSES, 'deviceOrder.status') },
    { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
  ];
}
