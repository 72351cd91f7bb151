import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cleanString, id, idQuery, safeText } from '../validation.js';
import { specNumber } from './device-type.js';
import {
  batchAddResult,
  batchCheckResult,
  DEVICE_SORT_FIELDS,
  DISTRIBUTION_STATUSES,
  deviceBatch,
  deviceNumber,
  devicePageSchema,
  deviceScrap,
  deviceSearchBase,
  SCRAP_STATUSES,
  scrapResult,
  STOCK_STATUSES,
} from './stock.js';

/** Sale and rental modes. */
export const SALE_MODES = ['SALE_ONLY', 'RENT_ONLY', 'RENT_OR_SALE', 'NEITHER'] as const;
export type SaleMode = (typeof SALE_MODES)[number];
export const SALE_STATUSES = ['SOLD', 'UNSOLD'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const AVAILABILITIES = ['AVAILABLE', 'UNAVAILABLE'] as const;
export const ACTIVATION_STATUSES = ['ACTIVATED', 'NOT_ACTIVATED'] as const;
export const ACC_STATES = ['ON', 'OFF'] as const;

/** Vehicle identification number: 17 characters, no I, O or Q (ISO 3779). */
export const vin = cleanString()
  .trim()
  .toUpperCase()
  .regex(/^[A-HJ-NPR-Z0-9]{17}$/, { message: 'validation.invalid' });

/**
 * A vehicle, every field the back-office keeps. ACC state and fault come from the device link; sold/unsold
 * and the bound user from orders. Ownership is the owner merchant (merchantId, null = platform).
 */
export const vehicleRecord = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string().nullable(),
  typeId: z.number(),
  typeCode: z.string(),
  typeName: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  activationStatus: z.enum(ACTIVATION_STATUSES),
  /** Distributed to a station or not (docs/operation-centre.md, "Distribution"). */
  distributionStatus: z.enum(DISTRIBUTION_STATUSES),
  accState: z.enum(ACC_STATES),
  /** Fault description reported by the vehicle; null when none. */
  fault: z.string().nullable(),
  compartmentType: z.string().nullable(),
  /** Battery compartments of the type: how many batteries may be bound. */
  batteryCompartments: z.number(),
  battery1Id: z.number().nullable(),
  battery1Number: z.string().nullable(),
  battery2Id: z.number().nullable(),
  battery2Number: z.string().nullable(),
  /** Rated capacity of each bound battery, Ah, in compartment order. */
  batteryCapacities: z.array(z.number().nullable()),
  boundUserId: z.number().nullable(),
  /** The merchant that deals the vehicle (docs/stations-and-maps.md, "Seller and dealer"). */
  dealerId: z.number().nullable(),
  /** The dealer's name: the merchant's, else the text written before dealers were merchants (migration 0022). */
  dealer: z.string().nullable(),
  motorNumber: z.string().nullable(),
  engineNumber: z.string().nullable(),
  vin: z.string().nullable(),
  rateCapacity: z.number().nullable(),
  rateVoltage: z.number().nullable(),
  saleStatus: z.enum(SALE_STATUSES),
  availability: z.enum(AVAILABILITIES),
  saleMode: z.enum(SALE_MODES),
  stockStatus: z.enum(STOCK_STATUSES),
  scrapStatus: z.enum(SCRAP_STATUSES),
  scrapReason: z.string().nullable(),
  scrappedAt: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  location: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VehicleRecord = z.infer<typeof vehicleRecord>;

export const vehicleSearch = deviceSearchBase.omit({ imei: true }).extend({
  vin: safeText(17).nullish(),
  saleStatus: z.enum(SALE_STATUSES).nullish(),
  availability: z.enum(AVAILABILITIES).nullish(),
  saleMode: z.enum(SALE_MODES).nullish(),
  activationStatus: z.enum(ACTIVATION_STATUSES).nullish(),
  /** A battery number bound to the vehicle (either compartment). */
  batteryNumber: safeText(32).nullish(),
  sort: z.object({ field: z.enum(DEVICE_SORT_FIELDS), order: z.enum(['ascend', 'descend']) }).optional(),
});
export type VehicleSearch = z.infer<typeof vehicleSearch>;

const optionalText = (max: number) => safeText(max).nullish();

/**
 * Maintained fields. battery1Number/battery2Number bind batteries from the registry (null or absent
 * = none): never more than the type's compartments, each battery in one vehicle at a time.
 */
const vehicleFields = z.object({
  name: optionalText(40),
  brand: optionalText(40),
  model: optionalText(40),
  /** A merchant the caller may see; choosing one replaces a dealer text written before dealers were merchants. */
  dealerId: id.nullish(),
  motorNumber: optionalText(40),
  engineNumber: optionalText(40),
  vin: vin.nullish().or(z.literal('').transform(() => null)),
  compartmentType: optionalText(40),
  rateCapacity: specNumber(10000).nullish(),
  rateVoltage: specNumber(2000).nullish(),
  activationStatus: z.enum(ACTIVATION_STATUSES).default('NOT_ACTIVATED'),
  availability: z.enum(AVAILABILITIES).default('AVAILABLE'),
  saleMode: z.enum(SALE_MODES).default('RENT_OR_SALE'),
  battery1Number: deviceNumber.nullish(),
  battery2Number: deviceNumber.nullish(),
});

export const vehicleAdd = vehicleFields.extend({
  number: deviceNumber,
  typeId: id,
  merchantId: id.nullish(),
});
export type VehicleAdd = z.infer<typeof vehicleAdd>;
export const vehicleEdit = vehicleFields.extend({ id: id, typeId: id });
export type VehicleEdit = z.infer<typeof vehicleEdit>;

/** Sold or unsold, set by staff for one vehicle or a selection; a scrapped vehicle is refused. */
export const vehicleSale = z.object({
  ids: z.array(id).min(1, { message: 'validation.required' }).max(1000, { message: 'validation.batchMax' }),
  saleStatus: z.enum(SALE_STATUSES),
});
export type VehicleSale = z.infer<typeof vehicleSale>;
export const vehicleSaleResult = z.object({ changed: z.number() });

/** Vehicles (Product centre → Vehicles, /product/vehicle/list). */
export const vehicleApi = {
  search: endpoint({
    method: 'POST',
    path: '/vehicle/search',
    access: { code: 'operation.vehicle' },
    body: vehicleSearch,
    answer: devicePageSchema(vehicleRecord),
    sortable: DEVICE_SORT_FIELDS,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/vehicle/detail',
    access: { code: 'operation.vehicle.detail' },
    query: idQuery,
    answer: vehicleRecord,
  }),
  add: endpoint({
    method: 'POST',
    path: '/vehicle/add',
    access: { code: 'operation.vehicle.add' },
    body: vehicleAdd,
    answer: vehicleRecord,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/vehicle/edit',
    access: { code: 'operation.vehicle.edit' },
    body: vehicleEdit,
    answer: vehicleRecord,
  }),
  batchCheck: endpoint({
    method: 'POST',
    path: '/vehicle/batch/check',
    access: { code: 'operation.vehicle.add' },
    body: deviceBatch,
    answer: batchCheckResult,
  }),
  batchAdd: endpoint({
    method: 'POST',
    path: '/vehicle/batch/add',
    access: { code: 'operation.vehicle.add' },
    body: deviceBatch,
    answer: batchAddResult,
  }),
  sale: endpoint({
    method: 'POST',
    path: '/vehicle/sale',
    access: { code: 'operation.vehicle.edit' },
    body: vehicleSale,
    answer: vehicleSaleResult,
  }),
  scrap: endpoint({
    method: 'POST',
    path: '/vehicle/scrap',
    access: { code: 'operation.vehicle.edit' },
    body: deviceScrap,
    answer: scrapResult,
  }),
  export: endpoint({
    method: 'POST',
    path: '/vehicle/export',
    access: { code: 'operation.vehicle.export' },
    body: vehicleSearch,
    sortable: DEVICE_SORT_FIELDS,
    answer: 'csv',
  }),
} as const;
