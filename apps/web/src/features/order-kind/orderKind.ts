import { useLocation } from 'react-router';
import { CURRENCY_DECIMALS, ORDER_STATUSES, type AnyOrderStatus, type Currency } from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { ResourceColumn, SearchField } from '../../shared/table';
import { fieldKey, optionsOf } from '../../shared/devices';
import { formatAmount } from '../../shared/format';

/**
 * What the web pages of every order kind share (docs/web-kits.md, "Order kinds"), beside the
 * contracts' domains/order-kind.ts and the server's app/order-kind.ts: the six states and their
 * words, the kind read from the address, the addresses, the search form and the money columns.
 */

/** What every kind's list record holds (contracts orderEndpointsOf answers). */
export interface OrderListRecord {
  id: number;
  kind: string;
  orderNo: string;
  customerId: number;
  customerNumber: string;
  customerName: string;
  merchantName: string | null;
  currency: Currency;
  status: AnyOrderStatus;
  createdAt: string;
}

/** The six states and REFUNDED (a kind with a refund step), worded as the contracts word them for every kind (`deviceOrder.status.*`). */
export const ORDER_STATUS_MAP: StatusMap = {
  REGISTERED: { meaning: 'warning', labelKey: 'deviceOrder.status.REGISTERED' },
  IN_PROGRESS: { meaning: 'processing', labelKey: 'deviceOrder.status.IN_PROGRESS' },
  PAID: { meaning: 'processing', labelKey: 'deviceOrder.status.PAID' },
  COMPLETED: { meaning: 'success', labelKey: 'deviceOrder.status.COMPLETED' },
  CANCELLED: { meaning: 'default', labelKey: 'deviceOrder.status.CANCELLED' },
  TIMEOUT_CANCELLED: { meaning: 'error', labelKey: 'deviceOrder.status.TIMEOUT_CANCELLED' },
  REFUNDED: { meaning: 'default', labelKey: 'deviceOrder.status.REFUNDED' },
};

/** The kind a page shows, from its address (`/order/<kind>/…`); the first of `kinds` when none matches. */
export function useOrderKindOf<const K extends string>(kinds: readonly [K, ...K[]]): K {
  const path = useLocation().pathname;
  return kinds.find((kind) => path.startsWith(`/order/${kind}/`)) ?? kinds[0];
}

/** The addresses of a kind's pages and of the customer an order is for. */
export const ORDER_ROUTES = {
  list: (kind: string) => `/order/${kind}/list`,
  detail: (order: Pick<OrderListRecord, 'kind' | 'id'>) => `/order/${order.kind}/detail/${order.id}`,
  customer: (id: number) => `/user/detail/${id}`,
} as const;

/**
 * An order list's search form: order number, customer number, the kind's own fields, status (one of
 * the kind's `statuses`) and created date (the filters of contracts orderSearchOf).
 */
export function orderSearchFields(own: SearchField[] = [], statuses: readonly string[] = ORDER_STATUSES): SearchField[] {
  return [
    { name: 'orderNo', labelKey: fieldKey('orderNo') },
    { name: 'customerNumber', labelKey: fieldKey('customerNumber') },
    ...own,
    { name: 'status', labelKey: fieldKey('status'), type: 'select', options: optionsOf(statuses, 'deviceOrder.status') },
    { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
  ];
}

/** An amount of an order in the order's own currency. */
export const orderMoney = (order: Pick<OrderListRecord, 'currency'>, amount: string) =>
  formatAmount(amount, order.currency, CURRENCY_DECIMALS[order.currency]);

/** A list column of one of the order's amounts (decimal text), in the order's currency. */
export function amountColumn<T extends OrderListRecord>(key: keyof T & string, width: number): ResourceColumn<T> {
  return { key, titleKey: fieldKey(key), align: 'right', width, render: (order) => orderMoney(order, String(order[key])) };
}
