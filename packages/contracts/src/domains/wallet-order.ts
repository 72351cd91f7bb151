import { z } from 'zod';
import { endpoint, resourceEndpoints } from '../endpoint.js';
import { pageQuerySchema } from '../envelope.js';
import type { FieldLabels } from '../language.js';
import { id, money } from '../validation.js';
import { CURRENCIES } from './currency.js';
import { ORDER_SOURCES } from './product-order.js';
import { MARKETING_TYPES, topUpOffer } from './top-up.js';
import {
  REFUNDABLE_ORDER_STATUSES,
  orderCode,
  orderEndpointsOf,
  orderRefundable,
  orderSearchOf,
  orderStepAllowed,
  paidOnceSteps,
} from './order-kind.js';

/**
 * Wallet set, recharge orders and package orders (Order centre, docs/wallet.md and docs/orders.md):
 * the merchant's top-up rules, a customer's wallet top-up order and a customer's purchase of a swap
 * package. Both kinds of order share one state table, read by the server and the screens.
 */

// ---------------------------------------------------------------------------------------------
// Wallet set (/order/wallet/set, order.wallet.set): the rules of a merchant's top-ups.

/** Labels of the fields the wallet set and these orders brought to the product (see FIELD_LABELS). */
export const walletOrderFieldLabels = {
  minTopUp: { en: 'Minimum top-up', in: 'Isi ulang minimum', th: 'ยอดเติมเงินขั้นต่ำ', zh: '最低充值金额' },
  marketingTypes: { en: 'Marketing types in use', in: 'Jenis pemasaran yang dipakai', th: 'ประเภทการตลาดที่ใช้', zh: '启用的营销类型' },
  packagePriceId: { en: 'Package', in: 'Paket', th: 'แพ็กเกจ', zh: '套餐' },
  packageName: { en: 'Package', in: 'Paket', th: 'แพ็กเกจ', zh: '套餐' },
  swapsLeft: { en: 'Swaps left', in: 'Sisa penukaran', th: 'จำนวนสลับคงเหลือ', zh: '剩余换电次数' },
  validUntil: { en: 'Valid until', in: 'Berlaku sampai', th: 'ใช้ได้ถึง', zh: '有效期至' },
  completedAt: { en: 'Completed', in: 'Selesai', th: 'เสร็จสิ้นเมื่อ', zh: '完成时间' },
} satisfies FieldLabels;

export const walletSettingRecord = z.object({
  id: z.number(),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  /** The least a top-up may pay, exact, two decimals. */
  minTopUp: z.string(),
  /** The marketing types a top-up may be recorded under; an offer of another type is neither offered nor accepted. */
  marketingTypes: z.array(z.enum(MARKETING_TYPES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WalletSettingRecord = z.infer<typeof walletSettingRecord>;

export const walletSettingSearch = pageQuerySchema.extend({ merchantId: id.optional() });

/** One setting per merchant: platform staff choose the merchant; at least one marketing type in use. */
export const walletSettingAdd = z.object({
  merchantId: id.nullish(),
  minTopUp: money,
  marketingTypes: z
    .array(z.enum(MARKETING_TYPES, { message: 'validation.invalid' }))
    .min(1, { message: 'validation.required' })
    .max(MARKETING_TYPES.length, { message: 'validation.invalid' })
    .refine((types) => new Set(types).size === types.length, { message: 'validation.invalid' }),
});
export type WalletSettingAdd = z.infer<typeof walletSettingAdd>;

export const walletSettingApi = resourceEndpoints({
  path: '/order/wallet/set',
  code: 'order.wallet.set',
  record: walletSettingRecord,
  search: walletSettingSearch,
  add: walletSettingAdd,
  edit: walletSettingAdd.extend({ id }),
  sortable: ['minTopUp', 'createdAt'],
});

// ---------------------------------------------------------------------------------------------
// Recharge and package orders.

export const WALLET_ORDER_KINDS = ['recharge', 'package'] as const;
export type WalletOrderKind = (typeof WALLET_ORDER_KINDS)[number];

/** The states every order kind shares (docs/orders.md, "One kit for the order kinds"), and REFUNDED. */
export const WALLET_ORDER_STATUSES = REFUNDABLE_ORDER_STATUSES;
export type WalletOrderStatus = (typeof WALLET_ORDER_STATUSES)[number];

/**
 * The state machine of a recharge or package order (docs/orders.md, "Recharge and package orders"):
 * the payment starts and pays an order (a recharge order's wallet is credited, a package's swaps
 * granted, in the same transaction); staff complete a paid recharge order once settled, the overdue
 * and expiry job completes a package whose swaps are used up or whose validity ended; staff cancel an
 * unpaid order, the job times one out; staff refund a paid order while it is not completed (the
 * wallet's top-up or the package's swaps are taken back). Any other step is refused (7050).
 */
export const WALLET_ORDER_STEPS = {
  ...paidOnceSteps('complete'),
  refund: { from: ['PAID'], to: 'REFUNDED' },
} as const;
export type WalletOrderStep = keyof typeof WALLET_ORDER_STEPS;

export function walletOrderStepAllowed(step: WalletOrderStep, status: WalletOrderStatus): boolean {
  return orderStepAllowed(WALLET_ORDER_STEPS, step, status);
}

/** The steps staff take on each kind (the others are the payment's and the job's). */
export const WALLET_ORDER_STAFF_STEPS: Readonly<Record<WalletOrderKind, readonly WalletOrderStep[]>> = {
  recharge: ['pay', 'complete', 'cancel', 'refund'],
  package: ['pay', 'cancel', 'refund'],
};

/** Whether staff may refund the order now (docs/orders.md, "Refunds"). */
export const walletOrderRefundable = (order: WalletOrderRecord): boolean => orderRefundable(WALLET_ORDER_STEPS, order, order.paidAmount);

/** An unpaid recharge or package order is cancelled by the job this long after it was placed. */
export const WALLET_ORDER_PAYMENT_HOURS = 24;

export const walletOrderRecord = z.object({
  id: z.number(),
  orderNo: z.string(),
  kind: z.enum(WALLET_ORDER_KINDS),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  customerId: z.number(),
  customerNumber: z.string(),
  customerName: z.string(),
  currency: z.enum(CURRENCIES),
  /** What the customer pays: a top-up's paid amount or the package's price; exact, two decimals. */
  paidAmount: z.string(),
  /** A recharge order's gift (0 for a package, and for a first-top-up gift no longer due when paid). */
  giftAmount: z.string(),
  marketingType: z.enum(MARKETING_TYPES).nullable(),
  offerId: z.number().nullable(),
  packagePriceId: z.number().nullable(),
  packageName: z.string().nullable(),
  swaps: z.number().nullable(),
  validityDays: z.number().nullable(),
  swapsLeft: z.number().nullable(),
  validUntil: z.string().nullable(),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(WALLET_ORDER_STATUSES),
  paymentGateway: z.string().nullable(),
  transactionId: z.string().nullable(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When a paid order's money went back (REFUNDED). */
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletOrderRecord = z.infer<typeof walletOrderRecord>;

export const walletOrderSearch = orderSearchOf({}, WALLET_ORDER_STATUSES);

/**
 * A recharge order placed by staff for a customer: one of the merchant's enabled top-up offers (its
 * paid, gift and marketing type), or a plain amount paid (no gift, marketing type none).
 */
export const rechargeOrderAdd = z.object({
  merchantId: id.nullish(),
  customerNumber: orderCode(32),
  offerId: id.nullish(),
  paidAmount: money.nullish(),
  source: z.enum(ORDER_SOURCES, { message: 'validation.required' }),
});
export type RechargeOrderAdd = z.infer<typeof rechargeOrderAdd>;

/** A package order placed by staff for a customer: one of the merchant's enabled package prices. */
export const packageOrderAdd = z.object({
  merchantId: id.nullish(),
  customerNumber: orderCode(32),
  packagePriceId: id,
  source: z.enum(ORDER_SOURCES, { message: 'validation.required' }),
});
export type PackageOrderAdd = z.infer<typeof packageOrderAdd>;

/** Staff record a payment the gateway reported: its name and transaction id, and the amount paid. */
export const walletOrderMarkPaid = z.object({
  id,
  paymentGateway: orderCode(32),
  transactionId: orderCode(64),
  amount: money,
});
export type WalletOrderMarkPaid = z.infer<typeof walletOrderMarkPaid>;

/** An enabled package price staff may sell (the order form's choices). */
export const packageOffer = z.object({
  id: z.number(),
  name: z.string(),
  swaps: z.number(),
  validityDays: z.number(),
  price: z.string(),
  currency: z.enum(CURRENCIES),
  cityName: z.string().nullable(),
});

/** The calls of one kind, under /order/<kind> and its menu code (order.wallet, order.combo). */
function walletOrderEndpointsOf<const K extends WalletOrderKind, const Add extends z.ZodObject>(kind: K, add: Add) {
  const base = `/order/${kind}` as const;
  const menu = kind === 'recharge' ? 'order.wallet' : 'order.combo';
  const {
    search,
    detail,
    cancel,
    refund,
    export: exportCsv,
  } = orderEndpointsOf({ base, menu, record: walletOrderRecord, search: walletOrderSearch });
  return {
    search,
    detail,
    add: endpoint({ method: 'POST', path: `${base}/add`, access: { code: `${menu}.add` }, body: add, answer: walletOrderRecord }),
    markPaid: endpoint({
      method: 'POST',
      path: `${base}/mark-paid`,
      access: { code: `${menu}.markPaid` },
      body: walletOrderMarkPaid,
      answer: walletOrderRecord,
    }),
    cancel,
    refund,
    export: exportCsv,
  };
}

export const walletOrderApi = {
  recharge: {
    ...walletOrderEndpointsOf('recharge', rechargeOrderAdd),
    complete: endpoint({
      method: 'POST',
      path: '/order/recharge/complete',
      access: { code: 'order.wallet.complete' },
      body: z.object({ id }),
      answer: walletOrderRecord,
    }),
    offers: endpoint({
      method: 'GET',
      path: '/order/recharge/offers',
      access: { code: 'order.wallet.add' },
      query: z.object({ merchantId: id.optional() }),
      answer: z.array(topUpOffer),
      summary: "The merchant's enabled top-up offers in its currency, of the marketing types its wallet set has in use",
    }),
  },
  package: {
    ...walletOrderEndpointsOf('package', packageOrderAdd),
    payFromWallet: endpoint({
      method: 'POST',
      path: '/order/package/pay-from-wallet',
      access: { code: 'order.combo.payFromWallet' },
      body: z.object({ id }),
      answer: walletOrderRecord,
      summary: "Pays the package from the customer's wallet at the merchant",
    }),
    offers: endpoint({
      method: 'GET',
      path: '/order/package/offers',
      access: { code: 'order.combo.add' },
      query: z.object({ merchantId: id.optional() }),
      answer: z.array(packageOffer),
      summary: "The merchant's enabled package prices in its currency",
    }),
  },
} as const;
