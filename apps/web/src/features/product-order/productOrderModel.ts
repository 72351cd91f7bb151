import {
  ORDER_SOURCES,
  PRODUCT_CUSTOMER_STATUSES,
  PRODUCT_ORDER_STATUSES,
  stepAllowed,
  type FilterOf,
  type ProductOrderRecord,
  type ProductOrderStep,
  productOrderApi,
} from '@swap/contracts';
import { CarOutlined, RetweetOutlined } from '@ant-design/icons';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField } from '../../shared/table';
import { fieldKey, optionsOf } from '../../shared/devices';
import type { OrderStep } from '../order-kind';

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

/**
 * Switch plan and bind a vehicle (drawers of the page: `switchPlan`, `bindVehicle`), retry and
 * terminate as the status allows: on the list's rows and the detail page.
 */
export const PRODUCT_ORDER_STEPS: OrderStep<ProductOrderRecord>[] = [
  {
    key: 'switchPlan',
    labelKey: 'productOrder.switchPlan',
    code: `${CODE}.switchPlan`,
    when: can('switchPlan'),
    icon: RetweetOutlined,
    opens: 'switchPlan',
  },
  {
    key: 'bindVehicle',
    labelKey: 'productOrder.bindVehicle',
    code: `${CODE}.bindVehicle`,
    when: (order) => can('bindVehicle')(order) && order.vehicleId === null,
    icon: CarOutlined,
    opens: 'bindVehicle',
  },
  {
    key: 'retry',
    labelKey: 'productOrder.retry',
    code: `${CODE}.retry`,
    when: can('retry'),
    endpoint: productOrderApi.retry,
    confirmKey: 'productOrder.retryConfirm',
    doneKey: 'productOrder.retried',
  },
  {
    key: 'terminate',
    labelKey: 'productOrder.terminate',
    code: `${CODE}.terminate`,
    when: can('terminate'),
    primary: true,
    danger: true,
    endpoint: productOrderApi.terminate,
    confirmKey: 'productOrder.terminateConfirm',
    doneKey: 'productOrder.terminated',
  },
];

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
