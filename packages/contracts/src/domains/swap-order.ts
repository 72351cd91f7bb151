import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { id, safeText } from '../validation.js';
import { CURRENCIES } from './currency.js';
import {
  REFUNDABLE_ORDER_STATUSES,
  orderEndpointsOf,
  orderRefundable,
  orderSearchOf,
  orderStepAllowed,
  paidOnceSteps,
  refundsThroughGateway,
} from './order-kind.js';

/**
 * Transfer (swap) orders and kWh (energy) orders (Order centre → Transfer orders, /order/transfer/list,
 * /order/transfer/detail/:id; Energy orders, /order/kwh/list, /order/kwh/detail/:id): the paid side of a
 * swap. A charged swap makes one order, priced per swap or per kWh by the merchant's consumer price in
 * the cabinet's city (docs/orders.md, "Transfer and energy orders").
 */
export const SWAP_ORDER_KINDS = ['transfer', 'kwh'] as const;
export type SwapOrderKind = (typeof SWAP_ORDER_KINDS)[number];

/** The states every order kind shares (worded as a vehicle or battery order's), and REFUNDED. */
export const SWAP_ORDER_STATUSES = REFUNDABLE_ORDER_STATUSES;
export type SwapOrderStatus = (typeof SWAP_ORDER_STATUSES)[number];

/**
 * The state machine of a transfer or energy order (docs/orders.md): the payment starts and pays it
 * (from the customer's wallet, or a gateway's callback); staff may also collect it from the wallet or cancel it
 * while unpaid, or refund a paid one to the wallet while it settles; the order job completes a paid
 * order once its settling time is over and cancels an unpaid one after SWAP_ORDER_PAYMENT_HOURS. Any
 * other step is refused.
 */
export const SWAP_ORDER_STEPS = {
  ...paidOnceSteps('complete'),
  refund: { from: ['PAID'], to: 'REFUNDED' },
} as const;
export type SwapOrderStep = keyof typeof SWAP_ORDER_STEPS;

export function swapOrderStepAllowed(step: SwapOrderStep, status: SwapOrderStatus): boolean {
  return orderStepAllowed(SWAP_ORDER_STEPS, step, status);
}

/**
 * Whether staff may refund the order now (docs/orders.md, "Refund"): a paid order that took
 * something, paid from the wallet (refunded to it) or through a payment gateway (refunded through
 * it); the server refuses the others (7050, 7231) and a gateway it cannot ask (7230).
 */
export function swapOrderRefundable(order: { status: SwapOrderStatus; paymentGateway: string | null; amount: string }): boolean {
  return orderRefundable(SWAP_ORDER_STEPS, order, order.amount);
}

/** Whether the order's refund goes back through its payment gateway (else to the customer's wallet). */
export const swapOrderRefundsThroughGateway = refundsThroughGateway;

/** An unpaid transfer or energy order is timeout-cancelled by the order job this long after the swap. */
export const SWAP_ORDER_PAYMENT_HOURS = 24;
/** A paid order is completed by the order job this long after it was paid (the time to query a charge). */
export const SWAP_ORDER_SETTLE_HOURS = 24;

/** Labels of the fields transfer and energy orders brought to the product (see FIELD_LABELS). */
export const swapOrderFieldLabels = {
  meterStartKwh: { en: 'Meter at start (kWh)', in: 'Meter awal (kWh)', th: 'มิเตอร์เริ่มต้น (kWh)', zh: '起始电表读数（kWh）' },
  meterEndKwh: { en: 'Meter at end (kWh)', in: 'Meter akhir (kWh)', th: 'มิเตอร์สิ้นสุด (kWh)', zh: '结束电表读数（kWh）' },
  energyKwh: { en: 'Energy (kWh)', in: 'Energi (kWh)', th: 'พลังงาน (kWh)', zh: '电量（kWh）' },
  completedAt: { en: 'Completed', in: 'Selesai', th: 'เสร็จสิ้นเมื่อ', zh: '完成时间' },
  swapAt: { en: 'Swapped', in: 'Waktu penukaran', th: 'สลับเมื่อ', zh: '换电时间' },
  refundedAt: { en: 'Refunded', in: 'Dikembalikan', th: 'คืนเงินเมื่อ', zh: '退款时间' },
  refundNo: { en: 'Refund no.', in: 'No. pengembalian dana', th: 'เลขที่การคืนเงิน', zh: '退款单号' },
  refundId: { en: "Gateway's refund ID", in: 'ID pengembalian dana gerbang', th: 'รหัสการคืนเงินของช่องทาง', zh: '渠道退款号' },
} satisfies FieldLabels;

export const swapOrderRecord = z.object({
  id: z.number(),
  orderNo: z.string(),
  kind: z.enum(SWAP_ORDER_KINDS),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  customerId: z.number(),
  customerNumber: z.string(),
  customerName: z.string(),
  /** The swap record the order charges (its page: /business/transfer/detail/:id). */
  swapId: z.number(),
  swapAt: z.string(),
  cabinetId: z.number(),
  cabinetNumber: z.string(),
  cityId: z.number(),
  cityName: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  /** The consumer price per swap or per kWh the order took; exact, two decimals. */
  unitPrice: z.string(),
  /** An energy order's meter readings and the energy between them, three decimals; null on a transfer order. */
  meterStartKwh: z.string().nullable(),
  meterEndKwh: z.string().nullable(),
  energyKwh: z.string().nullable(),
  amount: z.string(),
  status: z.enum(SWAP_ORDER_STATUSES),
  paymentGateway: z.string().nullable(),
  transactionId: z.string().nullable(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When a paid order's amount went back to the customer's wallet (REFUNDED). */
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SwapOrderRecord = z.infer<typeof swapOrderRecord>;

export const swapOrderSearch = orderSearchOf(
  {
    cabinetNumber: safeText(32).optional(),
    /** The orders of one swap record (its page links to them). */
    swapId: id.optional(),
  },
  SWAP_ORDER_STATUSES,
);

/** What a swap record shows of the order charging it (the swap page links to it). */
export const swapOrderLink = z.object({ id: z.number(), kind: z.enum(SWAP_ORDER_KINDS), orderNo: z.string() });
export type SwapOrderLink = z.infer<typeof swapOrderLink>;

function swapOrderEndpointsOf<const K extends SwapOrderKind>(kind: K) {
  const base = `/order/${kind}` as const;
  const menu = `order.${kind}` as const;
  const {
    search,
    detail,
    cancel,
    refund,
    export: exportCsv,
  } = orderEndpointsOf({ base, menu, record: swapOrderRecord, search: swapOrderSearch });
  return {
    search,
    detail,
    walletPay: endpoint({
      method: 'POST',
      path: `${base}/wallet-pay`,
      access: { code: `${menu}.walletPay` },
      body: z.object({ id }),
      answer: swapOrderRecord,
      summary: "Collects the order's amount from the customer's wallet",
    }),
    cancel,
    refund,
    export: exportCsv,
  };
}

export const swapOrderApi = {
  transfer: swapOrderEndpointsOf('transfer'),
  kwh: swapOrderEndpointsOf('kwh'),
} as const;
