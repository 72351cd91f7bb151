import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { id, safeText } from '../validation.js';
import { CURRENCIES } from './currency.js';
import { ORDER_SOURCES } from './product-order.js';
import {
  REFUNDABLE_ORDER_STATUSES,
  orderCode,
  orderDetailId,
  orderEndpointsOf,
  orderSearchOf,
  orderRefundable,
  orderStepAllowed,
  paidOnceSteps,
} from './order-kind.js';

/**
 * Vehicle and battery orders (Order centre → Vehicle orders, /order/vehicle/list,
 * /order/vehicle/detail/:id/:type; the same for batteries): a device of the merchant sold or leased
 * to a customer, priced by the operation centre's rules, handed over once paid (docs/orders.md).
 */
export const DEVICE_ORDER_KINDS = ['vehicle', 'battery'] as const;
export type DeviceOrderKind = (typeof DEVICE_ORDER_KINDS)[number];

/** The order's type (the detail address names it: uppercase letters and underscore). */
export const DEVICE_ORDER_TYPES = ['SALE', 'LEASE', 'LEASE_TO_OWN'] as const;
export type DeviceOrderType = (typeof DEVICE_ORDER_TYPES)[number];

/** The types each kind offers: a battery's prices price renting it only. */
export const DEVICE_ORDER_TYPES_OF: Readonly<Record<DeviceOrderKind, readonly DeviceOrderType[]>> = {
  vehicle: DEVICE_ORDER_TYPES,
  battery: ['LEASE'],
};

/** The states every order kind shares (docs/orders.md, "One kit for the order kinds"), and REFUNDED. */
export const DEVICE_ORDER_STATUSES = REFUNDABLE_ORDER_STATUSES;
export type DeviceOrderStatus = (typeof DEVICE_ORDER_STATUSES)[number];

/**
 * The state machine of a vehicle or battery order (docs/orders.md, "Vehicle and battery orders"):
 * staff hand a paid order's device over, cancel an unpaid one and refund a paid one, before or after
 * the hand-over (the device comes back); the payment takes pay (start: the customer began paying);
 * the overdue and expiry job takes timeout. Any other step is refused.
 */
export const DEVICE_ORDER_STEPS = {
  ...paidOnceSteps('handOver'),
  refund: { from: ['PAID', 'COMPLETED'], to: 'REFUNDED' },
} as const;
export type DeviceOrderStep = keyof typeof DEVICE_ORDER_STEPS;

export function deviceStepAllowed(step: DeviceOrderStep, status: DeviceOrderStatus): boolean {
  return orderStepAllowed(DEVICE_ORDER_STEPS, step, status);
}

/** Whether staff may refund the order now (docs/orders.md, "Refunds"). */
export const deviceOrderRefundable = (order: DeviceOrderRecord): boolean => orderRefundable(DEVICE_ORDER_STEPS, order, order.totalAmount);

/** An unpaid vehicle or battery order is cancelled by the job this long after it was placed. */
export const DEVICE_ORDER_PAYMENT_HOURS = 24;

/** Labels of the fields vehicle and battery orders brought to the product (see FIELD_LABELS). */
export const deviceOrderFieldLabels = {
  orderType: { en: 'Order type', in: 'Jenis pesanan', th: 'ประเภทคำสั่งซื้อ', zh: '订单类型' },
  totalAmount: { en: 'Total amount', in: 'Jumlah total', th: 'ยอดรวม', zh: '总金额' },
  paidAt: { en: 'Paid', in: 'Dibayar', th: 'ชำระเมื่อ', zh: '支付时间' },
  handedOverAt: { en: 'Handed over', in: 'Diserahkan', th: 'ส่งมอบเมื่อ', zh: '交付时间' },
  cancelledAt: { en: 'Cancelled', in: 'Dibatalkan', th: 'ยกเลิกเมื่อ', zh: '取消时间' },
} satisfies FieldLabels;

export const deviceOrderRecord = z.object({
  id: z.number(),
  orderNo: z.string(),
  kind: z.enum(DEVICE_ORDER_KINDS),
  orderType: z.enum(DEVICE_ORDER_TYPES),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  customerId: z.number(),
  customerNumber: z.string(),
  customerName: z.string(),
  deviceId: z.number(),
  deviceNumber: z.string(),
  cityId: z.number(),
  cityName: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  /** The sale price, or the rent of one cycle; exact, two decimals. */
  price: z.string(),
  deposit: z.string(),
  totalAmount: z.string(),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(DEVICE_ORDER_STATUSES),
  paymentGateway: z.string().nullable(),
  transactionId: z.string().nullable(),
  paidAt: z.string().nullable(),
  handedOverAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When a paid order's money went back (REFUNDED). */
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DeviceOrderRecord = z.infer<typeof deviceOrderRecord>;

export const deviceOrderSearch = orderSearchOf(
  {
    deviceNumber: safeText(64).optional(),
    orderType: z.enum(DEVICE_ORDER_TYPES).optional(),
  },
  DEVICE_ORDER_STATUSES,
);

/** A device sold or leased to a customer of the merchant, in a city whose prices apply; platform staff name the merchant. */
export const deviceOrderAdd = z.object({
  merchantId: id.nullish(),
  customerNumber: orderCode(32),
  deviceNumber: orderCode(64),
  orderType: z.enum(DEVICE_ORDER_TYPES, { message: 'validation.required' }),
  cityId: id,
  source: z.enum(ORDER_SOURCES, { message: 'validation.required' }),
});
export type DeviceOrderAdd = z.infer<typeof deviceOrderAdd>;

/** The detail address names the order's type too: a type that is not the order's answers "does not exist". */
export const deviceOrderDetailQuery = z.object({
  id: orderDetailId,
  type: z.enum(DEVICE_ORDER_TYPES),
});

function deviceOrderEndpointsOf<const K extends DeviceOrderKind>(kind: K) {
  const base = `/order/${kind}` as const;
  const menu = `order.${kind}` as const;
  const {
    search,
    detail,
    cancel,
    refund,
    export: exportCsv,
  } = orderEndpointsOf({
    base,
    menu,
    record: deviceOrderRecord,
    search: deviceOrderSearch,
    detail: deviceOrderDetailQuery,
  });
  return {
    search,
    detail,
    add: endpoint({
      method: 'POST',
      path: `${base}/add`,
      access: { code: `${menu}.add` },
      body: deviceOrderAdd,
      answer: deviceOrderRecord,
    }),
    handOver: endpoint({
      method: 'POST',
      path: `${base}/hand-over`,
      access: { code: `${menu}.handOver` },
      body: z.object({ id }),
      answer: deviceOrderRecord,
    }),
    cancel,
    refund,
    export: exportCsv,
  };
}

export const deviceOrderApi = {
  vehicle: deviceOrderEndpointsOf('vehicle'),
  battery: deviceOrderEndpointsOf('battery'),
} as const;
