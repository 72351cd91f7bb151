import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { resourceEndpoints } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { compareMoney, id, int32, money } from '../validation.js';
import { CURRENCIES } from './currency.js';
import { VEHICLE_MAX_BATTERIES } from './device-type.js';

/**
 * Base prices (Operation centre → Pricing → Vehicle prices, `/basic-pricing/vehicle-price`): what a
 * merchant charges at least, per operation type, vehicle type, number of batteries and city, in the
 * merchant's currency (docs/operation-centre.md, "Base prices"). Orders and packages are priced from
 * them through the server's price look-up.
 */
export const OPERATION_TYPES = ['NEW', 'LEASE', 'SALE', 'LEASE_TO_OWN'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** The vehicle type of a price that holds for any bike; only a LEASE price may (the wire's 0, the database's null). */
export const ANY_BIKE = 0;
/** The one operation type whose prices may hold for any bike. */
export const ANY_BIKE_OPERATION: OperationType = 'LEASE';

/** Labels of the fields base prices brought to the product (see FIELD_LABELS). */
export const basePriceFieldLabels = {
  operationType: { en: 'Operation type', in: 'Jenis operasi', th: 'ประเภทการดำเนินงาน', zh: '运营类型' },
  vehicleTypeId: { en: 'Vehicle type', in: 'Tipe kendaraan', th: 'ประเภทยานพาหนะ', zh: '车辆类型' },
  vehicleTypeName: { en: 'Vehicle type', in: 'Tipe kendaraan', th: 'ประเภทยานพาหนะ', zh: '车辆类型' },
  batteryCount: { en: 'Number of batteries', in: 'Jumlah baterai', th: 'จำนวนแบตเตอรี่', zh: '电池数量' },
  cityId: { en: 'City', in: 'Kota', th: 'เมือง', zh: '城市' },
  cityName: { en: 'City', in: 'Kota', th: 'เมือง', zh: '城市' },
  price: { en: 'Price', in: 'Harga', th: 'ราคา', zh: '价格' },
  deposit: { en: 'Deposit', in: 'Deposit', th: 'เงินมัดจำ', zh: '押金' },
  rent: { en: 'Rent', in: 'Sewa', th: 'ค่าเช่า', zh: '租金' },
  dailyRate: { en: 'Daily rate', in: 'Tarif harian', th: 'อัตรารายวัน', zh: '日租金' },
  minDailyRate: { en: 'Minimum daily rate', in: 'Tarif harian minimum', th: 'อัตรารายวันขั้นต่ำ', zh: '最低日租金' },
} satisfies FieldLabels;

export const basePriceRecord = z.object({
  id: z.number(),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  operationType: z.enum(OPERATION_TYPES),
  /** ANY_BIKE (0) for a LEASE price that holds for any bike. */
  vehicleTypeId: z.number(),
  /** null for Any Bike. */
  vehicleTypeName: z.string().nullable(),
  batteryCount: z.number(),
  cityId: z.number(),
  cityName: z.string().nullable(),
  /** The merchant's currency when the price was last saved. */
  currency: z.enum(CURRENCIES),
  /** Amounts are exact decimal strings (docs/api.md, "Money"). */
  price: z.string(),
  deposit: z.string(),
  rent: z.string(),
  dailyRate: z.string(),
  minDailyRate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BasePriceRecord = z.infer<typeof basePriceRecord>;

/** Each filter narrows to equal values; merchantId is the platform's filter (a merchant sees only its own). */
export const basePriceSearch = pageQuerySchema.extend({
  merchantId: id.optional(),
  operationType: z.enum(OPERATION_TYPES).optional(),
  vehicleTypeId: int32(0).optional(),
  batteryCount: int32(1, VEHICLE_MAX_BATTERIES).optional(),
  cityId: id.optional(),
});
export type BasePriceSearch = z.infer<typeof basePriceSearch>;

const basePriceFields = z.object({
  operationType: z.enum(OPERATION_TYPES, { message: 'validation.required' }),
  /** A vehicle type's id, or ANY_BIKE (LEASE only). */
  vehicleTypeId: int32(0),
  /** Never more than the vehicle type's compartments (the server checks the type). */
  batteryCount: int32(1, VEHICLE_MAX_BATTERIES),
  cityId: id,
  price: money,
  deposit: money,
  rent: money,
  dailyRate: money,
  /** The least a daily rate priced from this base may be; the base's own daily rate is never below it. */
  minDailyRate: money,
});

/** The rules between fields: Any Bike only with LEASE; the daily rate never below its stated minimum. */
function basePriceRules(price: z.infer<typeof basePriceFields>, context: z.RefinementCtx): void {
  if (price.vehicleTypeId === ANY_BIKE && price.operationType !== ANY_BIKE_OPERATION)
    context.addIssue({ code: 'custom', path: ['vehicleTypeId'], message: 'validation.anyBikeLeaseOnly' });
  if (compareMoney(price.dailyRate, price.minDailyRate) < 0)
    context.addIssue({ code: 'custom', path: ['dailyRate'], message: 'validation.belowMinimum' });
}

/** A platform administrator names the merchant (agent) the price belongs to; a merchant's staff never do. */
export const basePriceAdd = basePriceFields.extend({ merchantId: id.nullable().optional() }).superRefine(basePriceRules);
export type BasePriceAdd = z.infer<typeof basePriceAdd>;
export const basePriceEdit = basePriceFields.extend({ id }).superRefine(basePriceRules);
export type BasePriceEdit = z.infer<typeof basePriceEdit>;

const basePriceResource = resourceEndpoints({
  path: '/basic-pricing/vehicle-price',
  code: 'price.vehicle',
  record: basePriceRecord,
  search: basePriceSearch,
  add: basePriceAdd,
  edit: basePriceEdit,
  sortable: ['operationType', 'batteryCount', 'price', 'createdAt'],
});

/** Operation centre → Pricing → Vehicle prices. */
export const basePriceApi = basePriceResource;
