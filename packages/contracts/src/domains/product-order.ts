import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import type { FieldLabels } from '../language.js';
import { cleanString, id, idQuery, moneyToMinor, normalizeMoney, safeText } from '../validation.js';
import { OPERATION_TYPES } from './base-price.js';
import { CURRENCIES } from './currency.js';
import { orderStepAllowed } from './order-kind.js';

/**
 * Product orders (Order centre → Product orders, /order/product/list, /order/product/detail/:id): a
 * customer's sign-up for one of the merchant's products, its cycles, what it owes and the vehicle and
 * battery bound to it (docs/orders.md).
 */
export const PRODUCT_ORDER_STATUSES = ['ENROLLED', 'CANCELLED', 'COMPLETED', 'TERMINATED'] as const;
export type ProductOrderStatus = (typeof PRODUCT_ORDER_STATUSES)[number];

/** Where the customer stands in the order: NEW until the first payment, then REGISTERED, and how it ended. */
export const PRODUCT_CUSTOMER_STATUSES = ['NEW', 'REGISTERED', 'COMPLETED', 'CANCELLED'] as const;
export type ProductCustomerStatus = (typeof PRODUCT_CUSTOMER_STATUSES)[number];

/** Where the customer placed the order: the payment app's mini program, the iOS or the Android app. */
export const ORDER_SOURCES = ['MINI_PROGRAM', 'IOS', 'ANDROID'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/**
 * The state machine of a product order (docs/orders.md, "States"): each step with the statuses it
 * may start from and the one it leads to. Staff take terminate, switch plan, bind vehicle and retry;
 * the payment takes pay; the overdue and expiry job takes complete (the last paid cycle is over) and
 * cancel (the first payment did not come in time). Any other step from any other status is refused.
 */
export const PRODUCT_ORDER_STEPS = {
  terminate: { from: ['ENROLLED'], to: 'TERMINATED' },
  switchPlan: { from: ['ENROLLED'], to: 'ENROLLED' },
  bindVehicle: { from: ['ENROLLED'], to: 'ENROLLED' },
  retry: { from: ['CANCELLED'], to: 'ENROLLED' },
  pay: { from: ['ENROLLED'], to: 'ENROLLED' },
  complete: { from: ['ENROLLED'], to: 'COMPLETED' },
  cancel: { from: ['ENROLLED'], to: 'CANCELLED' },
} as const satisfies Record<string, { from: readonly ProductOrderStatus[]; to: ProductOrderStatus }>;
export type ProductOrderStep = keyof typeof PRODUCT_ORDER_STEPS;

/** Whether a step may start from a status. */
export function stepAllowed(step: ProductOrderStep, status: ProductOrderStatus): boolean {
  return orderStepAllowed(PRODUCT_ORDER_STEPS, step, status);
}

/**
 * What a product order owes now (docs/orders.md, "Paying an order"), read by the payment and by the
 * order page's "Request payment": a running order its outstanding balance (the first payment, or
 * the overdue cycles), else the renewal price of its next cycle while cycles are left; null when
 * it owes nothing (a finished order, or all cycles paid).
 */
export function productOrderAmountDue(order: {
  status: ProductOrderStatus;
  customerStatus: ProductCustomerStatus;
  outstandingBalance: string;
  renewalPrice: string;
  currentCycle: number;
  totalCycles: number;
}): string | null {
  if (order.status !== 'ENROLLED') return null;
  if (moneyToMinor(order.outstandingBalance) > 0) return normalizeMoney(order.outstandingBalance);
  const renews = order.customerStatus === 'REGISTERED' && order.currentCycle < order.totalCycles;
  return renews && moneyToMinor(order.renewalPrice) > 0 ? normalizeMoney(order.renewalPrice) : null;
}

/** An order waiting for its first payment longer than this is cancelled by the overdue and expiry job. */
export const FIRST_PAYMENT_HOURS = 24;

/** Labels of the fields product orders brought to the product (see FIELD_LABELS). */
export const productOrderFieldLabels = {
  orderNo: { en: 'Order no.', in: 'No. pesanan', th: 'เลขที่คำสั่งซื้อ', zh: '订单号' },
  customerName: { en: 'Customer name', in: 'Nama pelanggan', th: 'ชื่อลูกค้า', zh: '客户姓名' },
  productId: { en: 'Product', in: 'Produk', th: 'ผลิตภัณฑ์', zh: '产品' },
  productName: { en: 'Product', in: 'Produk', th: 'ผลิตภัณฑ์', zh: '产品' },
  paymentGateway: { en: 'Payment gateway', in: 'Gerbang pembayaran', th: 'ช่องทางชำระเงิน', zh: '支付渠道' },
  transactionId: { en: 'Transaction ID', in: 'ID transaksi', th: 'รหัสธุรกรรม', zh: '交易号' },
  source: { en: 'Source', in: 'Sumber', th: 'ช่องทาง', zh: '订单来源' },
  orderStatus: { en: 'Order status', in: 'Status pesanan', th: 'สถานะคำสั่งซื้อ', zh: '订单状态' },
  customerStatus: { en: 'Customer status', in: 'Status pelanggan', th: 'สถานะลูกค้า', zh: '客户状态' },
  currentCycle: { en: 'Current cycle', in: 'Siklus berjalan', th: 'รอบปัจจุบัน', zh: '当前周期' },
  totalCycles: { en: 'Total cycles', in: 'Total siklus', th: 'จำนวนรอบทั้งหมด', zh: '总周期' },
  overdueDays: { en: 'Overdue days', in: 'Hari terlambat', th: 'จำนวนวันค้างชำระ', zh: '逾期天数' },
  overdueCycles: { en: 'Overdue cycles', in: 'Siklus terlambat', th: 'จำนวนรอบค้างชำระ', zh: '逾期周期' },
  outstandingBalance: { en: 'Outstanding balance', in: 'Sisa tagihan', th: 'ยอดค้างชำระ', zh: '待付余额' },
  paidUntil: { en: 'Paid until', in: 'Dibayar hingga', th: 'ชำระถึง', zh: '已付至' },
  terminatedAt: { en: 'Terminated', in: 'Diakhiri', th: 'ยุติเมื่อ', zh: '终止时间' },
  comboSwaps: { en: 'Swap combo left', in: 'Sisa paket tukar', th: 'แพ็กเกจสลับคงเหลือ', zh: '换电套餐剩余' },
  oldProductName: { en: 'Old product', in: 'Produk lama', th: 'ผลิตภัณฑ์เดิม', zh: '原产品' },
  newProductName: { en: 'New product', in: 'Produk baru', th: 'ผลิตภัณฑ์ใหม่', zh: '新产品' },
} satisfies FieldLabels;

const isoTime = z.iso.datetime({ offset: true });

export const productOrderRecord = z.object({
  id: z.number(),
  orderNo: z.string(),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  customerId: z.number(),
  customerNumber: z.string(),
  customerName: z.string(),
  productId: z.number(),
  productName: z.string(),
  operationType: z.enum(OPERATION_TYPES),
  paymentGateway: z.string().nullable(),
  transactionId: z.string().nullable(),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(PRODUCT_ORDER_STATUSES),
  customerStatus: z.enum(PRODUCT_CUSTOMER_STATUSES),
  currentCycle: z.number(),
  totalCycles: z.number(),
  cycleDays: z.number(),
  overdueDays: z.number(),
  overdueCycles: z.number(),
  currency: z.enum(CURRENCIES),
  /** Exact, two decimals, in the merchant's currency. */
  outstandingBalance: z.string(),
  pricePerCycle: z.string(),
  renewalPrice: z.string(),
  startAt: z.string(),
  paidUntil: z.string().nullable(),
  expiresAt: z.string(),
  terminatedAt: z.string().nullable(),
  vehicleId: z.number().nullable(),
  vehicleNumber: z.string().nullable(),
  batteryId: z.number().nullable(),
  batteryNumber: z.string().nullable(),
  /** Swaps left in the swap combo package; null when the order has none (or it was removed). */
  comboSwaps: z.number().nullable(),
  createdAt: z.string(),
});
export type ProductOrderRecord = z.infer<typeof productOrderRecord>;

/** What a plan switch changed: the product and the terms the order took from it. */
export const planTerms = z.object({
  productId: z.number(),
  productName: z.string(),
  pricePerCycle: z.string(),
  renewalPrice: z.string(),
  totalCycles: z.number(),
  cycleDays: z.number(),
});
export type PlanTerms = z.infer<typeof planTerms>;

export const planSwitchRecord = z.object({
  id: z.number(),
  switchedAt: z.string(),
  operatorName: z.string(),
  old: planTerms,
  new: planTerms,
});
export type PlanSwitchRecord = z.infer<typeof planSwitchRecord>;

export const productOrderDetail = productOrderRecord.extend({ switches: z.array(planSwitchRecord) });
export type ProductOrderDetail = z.infer<typeof productOrderDetail>;

/** orderNo and customerNumber match the start of theirs. */
export const productOrderSearch = pageQuerySchema.extend({
  orderNo: safeText(32).optional(),
  customerNumber: safeText(32).optional(),
  productId: id.optional(),
  status: z.enum(PRODUCT_ORDER_STATUSES).optional(),
  customerStatus: z.enum(PRODUCT_CUSTOMER_STATUSES).optional(),
  source: z.enum(ORDER_SOURCES).optional(),
  merchantId: id.optional(),
  createdFrom: isoTime.optional(),
  createdTo: isoTime.optional(),
});
export type ProductOrderSearch = z.infer<typeof productOrderSearch>;

const customerNumber = cleanString()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(32, { message: 'validation.codeFormat' })
  .regex(/^[A-Za-z0-9-]+$/, { message: 'validation.codeFormat' });

/**
 * An order placed for a customer (as the customer's app sends it, or staff on their behalf): the
 * customer by number, the product, and the app it came from. Platform staff name the merchant.
 */
export const productOrderAdd = z.object({
  merchantId: id.nullish(),
  customerNumber,
  productId: id,
  source: z.enum(ORDER_SOURCES, { message: 'validation.required' }),
});
export type ProductOrderAdd = z.infer<typeof productOrderAdd>;

export const productOrderSwitch = z.object({ id, productId: id });
export type ProductOrderSwitch = z.infer<typeof productOrderSwitch>;

const deviceNumber = cleanString()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(64, { message: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.codeFormat' });

export const productOrderBind = z.object({ id, vehicleNumber: deviceNumber });
export type ProductOrderBind = z.infer<typeof productOrderBind>;

export const productOrderId = z.object({ id });

/** The products an order may take (the order's merchant's, on sale now): what switch plan and a new order choose from. */
export const orderableProduct = z.object({
  id: z.number(),
  name: z.string(),
  operationType: z.enum(OPERATION_TYPES),
  pricePerCycle: z.string(),
  currency: z.enum(CURRENCIES),
});
export type OrderableProduct = z.infer<typeof orderableProduct>;
export const orderableProductsQuery = z.object({ merchantId: z.coerce.number().int().min(1).max(2_147_483_647).optional() });

const SORTABLE = ['createdAt', 'orderNo'] as const;
const CODE = 'order.product';

export const productOrderApi = {
  search: endpoint({
    method: 'POST',
    path: '/order/product/search',
    access: { code: CODE },
    body: productOrderSearch,
    answer: pageSchema(productOrderRecord),
    sortable: SORTABLE,
  }),
  detail: endpoint({ method: 'GET', path: '/order/product/detail', access: { code: CODE }, query: idQuery, answer: productOrderDetail }),
  add: endpoint({
    method: 'POST',
    path: '/order/product/add',
    access: { code: `${CODE}.add` },
    body: productOrderAdd,
    answer: productOrderRecord,
  }),
  terminate: endpoint({
    method: 'POST',
    path: '/order/product/terminate',
    access: { code: `${CODE}.terminate` },
    body: productOrderId,
    answer: productOrderRecord,
  }),
  switchPlan: endpoint({
    method: 'POST',
    path: '/order/product/switch-plan',
    access: { code: `${CODE}.switchPlan` },
    body: productOrderSwitch,
    answer: productOrderRecord,
  }),
  bindVehicle: endpoint({
    method: 'POST',
    path: '/order/product/bind-vehicle',
    access: { code: `${CODE}.bindVehicle` },
    body: productOrderBind,
    answer: productOrderRecord,
  }),
  retry: endpoint({
    method: 'POST',
    path: '/order/product/retry',
    access: { code: `${CODE}.retry` },
    body: productOrderId,
    answer: productOrderRecord,
  }),
  products: endpoint({
    method: 'GET',
    path: '/order/product/products',
    access: { code: CODE },
    query: orderableProductsQuery,
    answer: z.array(orderableProduct),
  }),
  export: endpoint({
    method: 'POST',
    path: '/order/product/export',
    access: { code: `${CODE}.export` },
    body: productOrderSearch,
    sortable: SORTABLE,
    answer: 'csv',
  }),
} as const;
