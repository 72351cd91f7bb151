import {
  ORDER_SOURCES,
  PRODUCT_CUSTOMER_STATUSES,
  PRODUCT_ORDER_STATUSES,
  stepAllowed,
  type FilterOf,
  type ProductOrderRecord,
  type ProductOrderStep,
  type productOrderApi,
} from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField } from '../../shared/table';
import { fieldKey, optionsOf } from '../../shared/devices';

export const CODE = 'order.product';

export const ORDER_ROUTES = {
  list: '/order/product/list',
  detail: (id: number) => `/order/product/detail/${id}`,
  customer: (id: number) => `/user/detail/${id}`,
} as const;

export const STATUS_MAP: StatusMap = {
  ENROLLED: { meaning: 'processing', labelKey: 'productOrder.status.ENROLLED' },
  CANCELLED: { meaning: 'default', labelKey: 'productOrder.status.CANCELLED' },
  COMPLETED: { meaning: 'success', labelKey: 'productOrder.status.COMPLETED' },
  TERMINATED: { meaning: 'error', labelKey: 'productOrder.status.TERMINATED' },
};

export const CUSTOMER_STATUS_MAP: StatusMap = {
  NEW: { meaning: 'warning', labelKey: 'productOrder.customerStatus.NEW' },
  REGISTERED: { meaning: 'processing', labelKey: 'productOrder.customerStatus.REGISTERED' },
  COMPLETED: { meaning: 'success', labelKey: 'productOrder.customerStatus.COMPLETED' },
  CANCELLED: { meaning: 'default', labelKey: 'productOrder.customerStatus.CANCELLED' },
};

/** Whether staff may take a step on the order now (the state machine of the contracts, docs/orders.md). */
export const can = (step: ProductOrderStep) => (order: ProductOrderRecord) => stepAllowed(step, order.status);

export const SEARCH_FIELDS: SearchField<FilterOf<typeof productOrderApi.search>>[] = [
  { name: 'orderNo', labelKey: fieldKey('orderNo') },
  { name: 'customerNumber', labelKey: fieldKey('customerNumber') },
  { name: 'status', labelKey: fieldKey('status'), type: 'select', options: optionsOf(PRODUCT_ORDER_STATUSES, 'productOrder.status') },
  {
    name: 'customerStatus',
    labelKey: fieldKey('customerStatus'),
    type: 'select',
    options: optionsOf(PRODUCT_CUSTOMER_STATUSES, 'productOrder.customerStatus'),
  },
  { name: 'source', labelKey: fieldKey('source'), type: 'select', options: optionsOf(ORDER_SOURCES, 'productOrder.source') },
  { name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange' },
];
