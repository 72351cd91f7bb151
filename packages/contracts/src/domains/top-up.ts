import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import type { FieldLabels } from '../language.js';
import { id, money, requiredText, safeText } from '../validation.js';
import { CURRENCIES } from './currency.js';

/**
 * Top-up records (Operation centre → Pricing → Top-up records, /basic-pricing/reahargeOperateRecord):
 * wallet recharges staff make for a customer; the customer's balance follows in the same transaction
 * (docs/operation-centre.md, "Top-ups"). Until a customer module exists a customer is named by id.
 */
export const MARKETING_TYPES = ['NONE', 'BONUS', 'FIRST_TOP_UP', 'CAMPAIGN'] as const;
export type MarketingType = (typeof MARKETING_TYPES)[number];

/** Labels of the fields top-ups brought to the product (see FIELD_LABELS). */
export const topUpFieldLabels = {
  paidAmount: { en: 'Paid amount', in: 'Jumlah dibayar', th: 'จำนวนที่ชำระ', zh: '实付金额' },
  giftAmount: { en: 'Gifted amount', in: 'Jumlah bonus', th: 'จำนวนที่แถม', zh: '赠送金额' },
  marketingType: { en: 'Marketing type', in: 'Jenis pemasaran', th: 'ประเภทการตลาด', zh: '营销类型' },
  balanceAfter: { en: 'Balance after', in: 'Saldo setelahnya', th: 'ยอดคงเหลือหลังรายการ', zh: '变动后余额' },
  offerId: { en: 'Top-up offer', in: 'Penawaran isi ulang', th: 'ข้อเสนอการเติมเงิน', zh: '充值优惠' },
} satisfies FieldLabels;

export const topUpRecord = z.object({
  id: z.number(),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  customerId: z.string(),
  paidAmount: z.string(),
  giftAmount: z.string(),
  marketingType: z.enum(MARKETING_TYPES),
  currency: z.enum(CURRENCIES),
  /** The customer's wallet balance once this top-up was added. */
  balanceAfter: z.string(),
  operatorName: z.string(),
  remark: z.string(),
  createdAt: z.string(),
});
export type TopUpRecord = z.infer<typeof topUpRecord>;

export const topUpSearch = pageQuerySchema.extend({
  customerId: safeText(64).optional(),
  marketingType: z.enum(MARKETING_TYPES).optional(),
  merchantId: id.optional(),
  createdFrom: z.iso.datetime({ offset: true }).optional(),
  createdTo: z.iso.datetime({ offset: true }).optional(),
});

/**
 * A recharge by staff: platform staff name the merchant; paid plus gifted must be above 0. With an
 * offer (one of the merchant's enabled top-up offers) the amounts and marketing type are the offer's.
 */
export const topUpAdd = z.object({
  merchantId: id.nullish(),
  customerId: requiredText(64),
  offerId: id.nullish(),
  paidAmount: money,
  giftAmount: money,
  marketingType: z.enum(MARKETING_TYPES, { message: 'validation.required' }),
  remark: safeText(200).optional(),
});
export type TopUpAdd = z.infer<typeof topUpAdd>;

export const walletQuery = z.object({
  merchantId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  customerId: requiredText(64),
});

export const walletBalance = z.object({
  customerId: z.string(),
  merchantId: z.number(),
  balance: z.string(),
  currency: z.enum(CURRENCIES),
});

/** The top-up offers a merchant's staff may choose from: the merchant's enabled ones (platform staff name the merchant). */
export const topUpOfferQuery = z.object({
  merchantId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const topUpOffer = z.object({
  id: z.number(),
  cityName: z.string().nullable(),
  paidAmount: z.string(),
  giftAmount: z.string(),
  marketingType: z.enum(MARKETING_TYPES),
  currency: z.enum(CURRENCIES),
});
export type TopUpOffer = z.infer<typeof topUpOffer>;

const SORTABLE = ['createdAt', 'customerId'] as const;

export const topUpApi = {
  search: endpoint({
    method: 'POST',
    path: '/top-up/search',
    access: { code: 'price.rechargeRecord' },
    body: topUpSearch,
    answer: pageSchema(topUpRecord),
    sortable: SORTABLE,
  }),
  add: endpoint({
    method: 'POST',
    path: '/top-up/add',
    access: { code: 'price.rechargeRecord.add' },
    body: topUpAdd,
    answer: topUpRecord,
  }),
  offers: endpoint({
    method: 'GET',
    path: '/top-up/offers',
    access: { code: 'price.rechargeRecord.add' },
    query: topUpOfferQuery,
    answer: z.array(topUpOffer),
  }),
  balance: endpoint({
    method: 'GET',
    path: '/top-up/balance',
    access: { code: 'price.rechargeRecord' },
    query: walletQuery,
    answer: walletBalance,
  }),
  export: endpoint({
    method: 'POST',
    path: '/top-up/export',
    access: { code: 'price.rechargeRecord.export' },
    body: topUpSearch,
    sortable: SORTABLE,
    answer: 'csv',
  }),
} as const;
