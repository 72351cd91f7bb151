import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import type { FieldLabels } from '../language.js';
import { id, requiredText, safeText } from '../validation.js';
import { CURRENCIES } from './currency.js';

/**
 * The wallet bill (Order centre → Wallet bill, /order/wallet/bill): every movement of a customer's
 * wallet at a merchant with the balance it left, written in the transaction that changed the
 * balance, so the movements of a wallet always add up to its balance (docs/wallet.md).
 */
export const WALLET_MOVEMENT_KINDS = ['OPENING', 'TOP_UP', 'GIFT', 'PAYMENT', 'REFUND', 'ADJUSTMENT'] as const;
export type WalletMovementKind = (typeof WALLET_MOVEMENT_KINDS)[number];

/** Labels of the fields the wallet bill brought to the product (see FIELD_LABELS). */
export const walletFieldLabels = {
  movementKind: { en: 'Movement', in: 'Mutasi', th: 'รายการเคลื่อนไหว', zh: '变动类型' },
  amount: { en: 'Amount', in: 'Jumlah', th: 'จำนวนเงิน', zh: '金额' },
  reference: { en: 'Reference', in: 'Referensi', th: 'อ้างอิง', zh: '关联单号' },
} satisfies FieldLabels;

export const walletMovementRecord = z.object({
  id: z.number(),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  customerId: z.string(),
  movementKind: z.enum(WALLET_MOVEMENT_KINDS),
  /** Signed: money in is positive, a payment negative; two decimals. */
  amount: z.string(),
  /** The wallet's balance once this movement was applied. */
  balanceAfter: z.string(),
  currency: z.enum(CURRENCIES),
  /** What caused it: `top-up:12`, an order's number; empty for an adjustment. */
  reference: z.string(),
  operatorName: z.string(),
  remark: z.string(),
  createdAt: z.string(),
});
export type WalletMovementRecord = z.infer<typeof walletMovementRecord>;

const instant = z.iso.datetime({ offset: true }).optional();

export const walletMovementSearch = pageQuerySchema.extend({
  customerId: safeText(64).optional(),
  movementKind: z.enum(WALLET_MOVEMENT_KINDS).optional(),
  merchantId: id.optional(),
  createdFrom: instant,
  createdTo: instant,
});

/**
 * Staff correct a wallet: a signed amount (at most two decimals and eleven digits) and the reason.
 * A correction that would leave the balance below 0 or above the largest amount is refused.
 */
export const walletAdjust = z.object({
  merchantId: id.nullish(),
  customerId: requiredText(64),
  amount: z
    .string({ message: 'validation.number' })
    .trim()
    .regex(/^-?\d{1,11}(\.\d{1,2})?$/, { message: 'validation.number' }),
  remark: safeText(200).min(1, { message: 'validation.required' }),
});
export type WalletAdjust = z.infer<typeof walletAdjust>;

const SORTABLE = ['createdAt'] as const;

export const walletApi = {
  bill: endpoint({
    method: 'POST',
    path: '/order/wallet/bill/search',
    access: { code: 'order.wallet.bill' },
    body: walletMovementSearch,
    answer: pageSchema(walletMovementRecord),
    sortable: SORTABLE,
  }),
  export: endpoint({
    method: 'POST',
    path: '/order/wallet/bill/export',
    access: { code: 'order.wallet.bill.export' },
    body: walletMovementSearch,
    sortable: SORTABLE,
    answer: 'csv',
  }),
  adjust: endpoint({
    method: 'POST',
    path: '/order/wallet/bill/adjust',
    access: { code: 'order.wallet.bill.adjust' },
    body: walletAdjust,
    answer: walletMovementRecord,
  }),
} as const;
