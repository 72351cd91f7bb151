import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { resourceEndpoints } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { count, DURATION_CAPS, DURATION_UNITS, id, int32, money, nameField, requiredText, safeText } from '../validation.js';
import { OPERATION_TYPES } from './base-price.js';
import { CURRENCIES } from './currency.js';
import { SALE_MODES } from './vehicle.js';

/** The labels a product shows in the app: rent, buy, rent-to-own, swap combo. */
export const PACKAGE_LABELS = ['RENT', 'BUY', 'RENT_TO_OWN', 'SWAP_COMBO'] as const;
export type PackageLabel = (typeof PACKAGE_LABELS)[number];

/** A vehicle holds up to two batteries. */
export const MAX_BATTERIES = 2;

/** Labels of the fields products and packages brought to the product (see FIELD_LABELS); the base price's serve both. */
export const productPackageFieldLabels = {
  adminFee: { en: 'Admin fee', in: 'Biaya admin', th: 'ค่าธรรมเนียม', zh: '手续费' },
  pricePerCycle: { en: 'Price per cycle', in: 'Harga per siklus', th: 'ราคาต่อรอบ', zh: '每周期价格' },
  renewalPrice: { en: 'Renewal price', in: 'Harga perpanjangan', th: 'ราคาต่ออายุ', zh: '续费价格' },
  dailyRenewalPrice: { en: 'Daily renewal price', in: 'Harga perpanjangan harian', th: 'ราคาต่ออายุรายวัน', zh: '每日续费价格' },
  swapsPerCycle: { en: 'Swaps per cycle', in: 'Penukaran per siklus', th: 'จำนวนสลับต่อรอบ', zh: '每周期换电次数' },
  timeLimit: { en: 'Time limit', in: 'Batas waktu', th: 'ระยะเวลา', zh: '时限' },
  timeLimitUnit: { en: 'Time limit unit', in: 'Satuan batas waktu', th: 'หน่วยระยะเวลา', zh: '时限单位' },
  agreement: { en: 'Agreement', in: 'Perjanjian', th: 'ข้อตกลง', zh: '协议' },
  startAt: { en: 'Start time', in: 'Waktu mulai', th: 'เวลาเริ่ม', zh: '开始时间' },
  endAt: { en: 'End time', in: 'Waktu selesai', th: 'เวลาสิ้นสุด', zh: '结束时间' },
  labels: { en: 'Labels', in: 'Label', th: 'ป้ายกำกับ', zh: '标签' },
} satisfies FieldLabels;

export const productPackageRecord = z.object({
  id: z.number(),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  name: z.string(),
  operationType: z.enum(OPERATION_TYPES),
  vehicleTypeId: z.number(),
  vehicleTypeName: z.string().nullable(),
  cityId: z.number(),
  cityName: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  deposit: z.string(),
  adminFee: z.string(),
  pricePerCycle: z.string(),
  renewalPrice: z.string(),
  dailyRenewalPrice: z.string(),
  cycles: z.number(),
  batteryCount: z.number(),
  swapsPerCycle: z.number(),
  timeLimit: z.number(),
  timeLimitUnit: z.enum(DURATION_UNITS),
  agreement: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  saleMode: z.enum(SALE_MODES),
  labels: z.array(z.enum(PACKAGE_LABELS)),
  createdAt: z.string(),
});
export type ProductPackageRecord = z.infer<typeof productPackageRecord>;

export const productPackageSearch = pageQuerySchema.extend({
  name: safeText(100).optional(),
  operationType: z.enum(OPERATION_TYPES).optional(),
  cityId: id.optional(),
  saleMode: z.enum(SALE_MODES).optional(),
  /** Platform staff: one merchant's products. */
  merchantId: id.optional(),
});
export type ProductPackageSearch = z.infer<typeof productPackageSearch>;

const instant = z.iso.datetime({ offset: true, message: 'validation.invalid' });

const productPackageFields = z.object({
  /** The owning agent: platform staff must choose one; a merchant's staff always write their own. */
  merchantId: id.nullish(),
  name: nameField,
  operationType: z.enum(OPERATION_TYPES, { message: 'validation.required' }),
  vehicleTypeId: id,
  cityId: id,
  deposit: money,
  adminFee: money,
  pricePerCycle: money,
  renewalPrice: money,
  dailyRenewalPrice: money,
  cycles: count,
  batteryCount: int32(1, MAX_BATTERIES),
  swapsPerCycle: count,
  timeLimit: count,
  timeLimitUnit: z.enum(DURATION_UNITS, { message: 'validation.required' }),
  agreement: requiredText(5000),
  startAt: instant,
  endAt: instant,
  saleMode: z.enum(SALE_MODES, { message: 'validation.required' }),
  labels: z.array(z.enum(PACKAGE_LABELS)).max(PACKAGE_LABELS.length, { message: 'validation.invalid' }),
});

type Fields = z.output<typeof productPackageFields>;

/** The rules across fields: the time limit within its unit's cap, the end after the start. */
function crossFieldRules(value: Fields, ctx: z.RefinementCtx): void {
  if (value.timeLimit > DURATION_CAPS[value.timeLimitUnit]) {
    ctx.addIssue({ code: 'custom', message: 'validation.durationCap', path: ['timeLimit'] });
  }
  if (Date.parse(value.endAt) <= Date.parse(value.startAt)) {
    ctx.addIssue({ code: 'custom', message: 'validation.endBeforeStart', path: ['endAt'] });
  }
  if (new Set(value.labels).size !== value.labels.length) {
    ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['labels'] });
  }
}

export const productPackageAdd = productPackageFields.superRefine(crossFieldRules);
export type ProductPackageAdd = z.infer<typeof productPackageAdd>;
export const productPackageEdit = productPackageFields.extend({ id }).superRefine(crossFieldRules);
export type ProductPackageEdit = z.infer<typeof productPackageEdit>;

const PATH = '/price/product';
const CODE = 'price.product';

/** Operation centre → Product prices: each agent's products and packages (docs/operation-centre.md). */
export const productPackageApi = {
  ...resourceEndpoints({
    path: PATH,
    code: CODE,
    record: productPackageRecord,
    search: productPackageSearch,
    add: productPackageAdd,
    edit: productPackageEdit,
    sortable: ['name', 'operationType', 'pricePerCycle', 'startAt', 'endAt', 'createdAt'],
  }),
} as const;
