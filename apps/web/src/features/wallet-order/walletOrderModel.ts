import { useLocation } from 'react-router';
import {
  WALLET_ORDER_STATUSES,
  walletOrderStepAllowed,
  type FilterOf,
  type WalletOrderKind,
  type WalletOrderRecord,
  type WalletOrderStep,
  type walletOrderApi,
} from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField } from '../../shared/table';
import { fieldKey, optionsOf } from '../../shared/devices';

/** The kind of order a page shows, from its address (/order/recharge/… or /order/package/…). */
export function useWalletOrderKind(): WalletOrderKind {
  return useLocation().pathname.startsWith('/order/package') ? 'package' : 'recharge';
}

/** The menu code of a kind: recharge orders are `order.wallet`, package orders `order.combo`. */
export const codeOf = (kind: WalletOrderKind) => (kind === 'recharge' ? 'order.wallet' : 'order.combo');

export const WALLET_ORDER_ROUTES = {
  list: (kind: WalletOrderKind) => `/order/${kind}/list`,
  detail: (order: Pick<WalletOrderRecord, 'kind' | 'id'>) => `/order/${order.kind}/detail/${order.id}`,
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
export const can = (step: WalletOrderStep) => (order: WalletOrderRecord) => walletOrderStepAllowed(step, order.status);

export function searchFields(): SearchField<FilterOf<(typeof walletOrderApi)['recharge']['search']>>[] {
  return [
    { name: 'orderNo', labelKey: fieldKey('orderNo') },
    { name: 'customerNumber', labelKey: fieldKey('customerNumber') },
    { name: 'status', labelKey: fieldKey('status'), type: 'select', options: optionsOf(WALLET_ORDER_STATUSES, 'deviceOrder.status') },
    { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
  ];
}
