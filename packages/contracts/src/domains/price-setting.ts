import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { resourceEndpoints } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { count, id, money, moneyToMinor, nameField, safeText } from '../validation.js';
import { CURRENCIES } from './currency.js';
import { MARKETING_TYPES } from './top-up.js';

/**
 * The price settings of an agent in a city (Operation centre → Pricing, docs/operation-centre.md,
 * "Price settings"): battery prices, consumer prices, package prices and top-up offers. They share
 * one shape: the owning agent (platform staff choose it), a city, whether it is offered, the agent's
 * currency, and the amounts and counts of their kind.
 */
export const PRICE_SETTING_KINDS = ['battery', 'consumer', 'package', 'rechargeSetting'] as const;
export type PriceSettingKind = (typeof PRICE_SETTING_KINDS)[number];

/** How a consumer price is charged: per swap, or per kWh the swapped battery held. */
export const BILLING_MODES = ['PER_SWAP', 'PER_KWH'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/** A battery price's rental cycle and a package's validity: whole days, 1 to 365. */
export const SETTING_MAX_DAYS = 365;
const days = z
  .number({ message: 'validation.number' })
  .int({ message: 'validation.integer' })
  .min(1, { message: 'validation.min1' })
  .max(SETTING_MAX_DAYS, { message: 'validation.max365Days' });

/** An amount that must be above 0 (a top-up offer's paid amount). */
const positiveMoney = money.refine((value) => moneyToMinor(value) > 0, { message: 'validation.above0' });

/** Labels of the fields price settings brought to the product (see FIELD_LABELS). */
export const priceSettingFieldLabels = {
  enabled: { en: 'Enabled', in: 'Aktif', th: 'เปิดใช้งาน', zh: '启用' },
  batteryTypeId: { en: 'Battery type', in: 'Tipe baterai', th: 'ประเภทแบตเตอรี่', zh: '电池类型' },
  batteryTypeName: { en: 'Battery type', in: 'Tipe baterai', th: 'ประเภทแบตเตอรี่', zh: '电池类型' },
  rentPerCycle: { en: 'Rent per cycle', in: 'Sewa per siklus', th: 'ค่าเช่าต่อรอบ', zh: '每周期租金' },
  cycleDays: { en: 'Cycle (days)', in: 'Siklus (hari)', th: 'รอบ (วัน)', zh: '周期（天）' },
  billingMode: { en: 'Charged', in: 'Ditagih', th: 'คิดค่าบริการ', zh: '计费方式' },
  unitPrice: { en: 'Unit price', in: 'Harga satuan', th: 'ราคาต่อหน่วย', zh: '单价' },
  swaps: { en: 'Swaps', in: 'Penukaran', th: 'จำนวนสลับ', zh: '换电次数' },
  validityDays: { en: 'Valid for (days)', in: 'Berlaku (hari)', th: 'ใช้ได้ (วัน)', zh: '有效期（天）' },
} satisfies FieldLabels;

/** What every price setting answers besides its own fields. */
const common = {
  id: z.number(),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  cityId: z.number(),
  cityName: z.string().nullable(),
  enabled: z.boolean(),
  /** The agent's currency when the setting was last saved; amounts are exact decimal strings. */
  currency: z.enum(CURRENCIES),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** Every list filters by agent (platform staff), city and whether offered. */
const commonSearch = pageQuerySchema.extend({ merchantId: id.optional(), cityId: id.optional(), enabled: z.boolean().optional() });

/** Platform staff must choose the agent of a new setting; a merchant's staff always write their own. */
const commonFields = { merchantId: id.nullish(), cityId: id, enabled: z.boolean({ message: 'validation.required' }) };

const batteryFields = { batteryTypeId: id, deposit: money, rentPerCycle: money, cycleDays: days };
const consumerFields = { billingMode: z.enum(BILLING_MODES, { message: 'validation.required' }), unitPrice: money };
const packageFields = { name: nameField, swaps: count, price: money, validityDays: days };
const rechargeFields = {
  paidAmount: positiveMoney,
  giftAmount: money,
  marketingType: z.enum(MARKETING_TYPES, { message: 'validation.required' }),
};

export const batteryPriceRecord = z.object({
  ...common,
  batteryTypeId: z.number(),
  batteryTypeName: z.string().nullable(),
  deposit: z.string(),
  rentPerCycle: z.string(),
  cycleDays: z.number(),
});
export const consumerPriceRecord = z.object({ ...common, billingMode: z.enum(BILLING_MODES), unitPrice: z.string() });
export const packagePriceRecord = z.object({ ...common, name: z.string(), swaps: z.number(), price: z.string(), validityDays: z.number() });
export const rechargeSettingRecord = z.object({
  ...common,
  paidAmount: z.string(),
  giftAmount: z.string(),
  marketingType: z.enum(MARKETING_TYPES),
});
export type BatteryPriceRecord = z.infer<typeof batteryPriceRecord>;
export type ConsumerPriceRecord = z.infer<typeof consumerPriceRecord>;
export type PackagePriceRecord = z.infer<typeof packagePriceRecord>;
export type RechargeSettingRecord = z.infer<typeof rechargeSettingRecord>;

export const batteryPriceAdd = z.object({ ...commonFields, ...batteryFields });
export const consumerPriceAdd = z.object({ ...commonFields, ...consumerFields });
export const packagePriceAdd = z.object({ ...commonFields, ...packageFields });
export const rechargeSettingAdd = z.object({ ...commonFields, ...rechargeFields });
export type BatteryPriceAdd = z.infer<typeof batteryPriceAdd>;
export type ConsumerPriceAdd = z.infer<typeof consumerPriceAdd>;
export type PackagePriceAdd = z.infer<typeof packagePriceAdd>;
export type RechargeSettingAdd = z.infer<typeof rechargeSettingAdd>;

/** The five list calls of one kind, under `/price/<kind>` and the menu code `price.<kind>`. */
function settingEndpoints<
  const Rec extends z.ZodType,
  const Search extends z.ZodType,
  const Add extends z.ZodObject,
  const Sortable extends readonly string[],
>(kind: PriceSettingKind, def: { record: Rec; search: Search; add: Add; sortable: Sortable }) {
  const code = `price.${kind}`;
  const path = `/price/${kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return resourceEndpoints({
    path,
    code,
    record: def.record,
    search: def.search,
    add: def.add,
    edit: def.add.extend({ id }),
    sortable: def.sortable,
  });
}

export const priceSettingApi = {
  battery: settingEndpoints('battery', {
    record: batteryPriceRecord,
    search: commonSearch.extend({ batteryTypeId: id.optional() }),
    add: batteryPriceAdd,
    sortable: ['deposit', 'rentPerCycle', 'cycleDays', 'createdAt'],
  }),
  consumer: settingEndpoints('consumer', {
    record: consumerPriceRecord,
    search: commonSearch.extend({ billingMode: z.enum(BILLING_MODES).optional() }),
    add: consumerPriceAdd,
    sortable: ['unitPrice', 'createdAt'],
  }),
  package: settingEndpoints('package', {
    record: packagePriceRecord,
    search: commonSearch.extend({ name: safeText(100).optional() }),
    add: packagePriceAdd,
    sortable: ['name', 'swaps', 'price', 'validityDays', 'createdAt'],
  }),
  rechargeSetting: settingEndpoints('rechargeSetting', {
    record: rechargeSettingRecord,
    search: commonSearch.extend({ marketingType: z.enum(MARKETING_TYPES).optional() }),
    add: rechargeSettingAdd,
    sortable: ['paidAmount', 'giftAmount', 'createdAt'],
  }),
} as const;
