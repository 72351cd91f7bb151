import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint, noAnswer } from '../endpoint.js';
import { description, id, idQuery, nameField, requiredText, safeText, typeCode } from '../validation.js';

/** Device kinds. Every kind has types, a registry, stock and scrap. */
export const DEVICE_KINDS = ['vehicle', 'battery', 'cabinet'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Battery structure: ternary lithium or lithium iron phosphate. */
export const BATTERY_STRUCTURES = ['TERNARY_LITHIUM', 'LFP'] as const;
export type BatteryStructure = (typeof BATTERY_STRUCTURES)[number];

/** A measured specification value (V, Ah, A, kg, kW): at least 0, at most two decimals. */
export const specNumber = (max: number) =>
  z
    .number({ message: 'validation.number' })
    .min(0, { message: 'validation.min0' })
    .max(max, { message: 'validation.tooLarge' })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'validation.twoDecimals' });

/** A counted specification value (cells, compartments): a whole number from 1. */
export const specCount = (max: number) =>
  z
    .number({ message: 'validation.number' })
    .int({ message: 'validation.integer' })
    .min(1, { message: 'validation.min1' })
    .max(max, { message: 'validation.tooLarge' });

const typeBase = z.object({ code: typeCode, name: nameField, description });

export const batteryTypeAdd = typeBase.extend({
  structure: z.enum(BATTERY_STRUCTURES),
  ratedVoltage: specNumber(2000),
  ratedCapacity: specNumber(10000),
  ratedCurrent: specNumber(10000),
  cellCount: specCount(1000),
  weight: specNumber(10000),
});
export type BatteryTypeAdd = z.infer<typeof batteryTypeAdd>;

/** A vehicle holds one or two batteries. */
export const VEHICLE_MAX_BATTERIES = 2;
export const vehicleTypeAdd = typeBase.extend({
  batteryCompartments: specCount(VEHICLE_MAX_BATTERIES),
  compartmentType: requiredText(40),
  ratedCapacity: specNumber(10000),
  ratedVoltage: specNumber(2000),
});
export type VehicleTypeAdd = z.infer<typeof vehicleTypeAdd>;

export const cabinetTypeAdd = typeBase.extend({
  compartmentCount: specCount(60),
  chargerTotalPower: specNumber(100000),
  externalMaxPower: specNumber(100000),
});
export type CabinetTypeAdd = z.infer<typeof cabinetTypeAdd>;

const withId = { id: id };
export const batteryTypeEdit = batteryTypeAdd.extend(withId);
export type BatteryTypeEdit = z.infer<typeof batteryTypeEdit>;
export const vehicleTypeEdit = vehicleTypeAdd.extend(withId);
export type VehicleTypeEdit = z.infer<typeof vehicleTypeEdit>;
export const cabinetTypeEdit = cabinetTypeAdd.extend(withId);
export type CabinetTypeEdit = z.infer<typeof cabinetTypeEdit>;

const typeRecordBase = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Whether devices of this type exist; a type in use cannot be removed ("typeInUse"). */
  inUse: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const batteryTypeRecord = typeRecordBase.extend({
  structure: z.enum(BATTERY_STRUCTURES),
  ratedVoltage: z.number(),
  ratedCapacity: z.number(),
  ratedCurrent: z.number(),
  cellCount: z.number(),
  weight: z.number(),
});
export type BatteryTypeRecord = z.infer<typeof batteryTypeRecord>;
export const vehicleTypeRecord = typeRecordBase.extend({
  batteryCompartments: z.number(),
  compartmentType: z.string(),
  ratedCapacity: z.number(),
  ratedVoltage: z.number(),
});
export type VehicleTypeRecord = z.infer<typeof vehicleTypeRecord>;
export const cabinetTypeRecord = typeRecordBase.extend({
  compartmentCount: z.number(),
  chargerTotalPower: z.number(),
  externalMaxPower: z.number(),
});
export type CabinetTypeRecord = z.infer<typeof cabinetTypeRecord>;

/** code matches from the start (type codes are short identifiers), name anywhere; null = unset. */
/** The columns the list sorts by. */
export const DEVICE_TYPE_SORTABLE = ['code', 'name', 'createdAt'] as const;
export const deviceTypeSearch = pageQuerySchema.extend({
  code: safeText(20).nullish(),
  name: safeText(20).nullish(),
  /** Battery types only. */
  structure: z.enum(BATTERY_STRUCTURES).nullish(),
});
export type DeviceTypeSearch = z.infer<typeof deviceTypeSearch>;

/** A type choice for device forms and filters: GET /api/oms/<kind>-type/options. */
export const deviceTypeOption = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type DeviceTypeOption = z.infer<typeof deviceTypeOption>;

/**
 * One kind's type endpoints, mounted at /<kind>-type. Platform-wide: merchants holding the codes
 * read, only the platform writes.
 */
function typeEndpoints<K extends DeviceKind, A extends z.ZodType, E extends z.ZodType, R extends z.ZodType>(
  kind: K,
  schemas: { add: A; edit: E; record: R },
) {
  const base = `/${kind}-type` as const;
  const code = `type.${kind}` as const;
  return {
    search: endpoint({
      method: 'POST',
      path: `${base}/search`,
      access: { code },
      body: deviceTypeSearch,
      sortable: DEVICE_TYPE_SORTABLE,
      answer: pageSchema(schemas.record),
    }),
    detail: endpoint({ method: 'GET', path: `${base}/detail`, access: { code }, query: idQuery, answer: schemas.record }),
    // Device forms and filters of every product screen need the choices, so any signed-in account may read them.
    options: endpoint({ method: 'GET', path: `${base}/options`, access: { code: '' }, answer: z.array(deviceTypeOption) }),
    add: endpoint({
      method: 'POST',
      path: `${base}/add`,
      access: { code: `${code}.add`, scope: 'platform' },
      body: schemas.add,
      answer: schemas.record,
    }),
    edit: endpoint({
      method: 'POST',
      path: `${base}/edit`,
      access: { code: `${code}.edit`, scope: 'platform' },
      body: schemas.edit,
      answer: schemas.record,
    }),
    remove: endpoint({
      method: 'GET',
      path: `${base}/remove`,
      access: { code: `${code}.remove`, scope: 'platform' },
      query: idQuery,
      answer: noAnswer,
    }),
    export: endpoint({
      method: 'POST',
      path: `${base}/export`,
      access: { code: `${code}.export` },
      body: deviceTypeSearch,
      sortable: DEVICE_TYPE_SORTABLE,
      answer: 'csv',
    }),
  } as const;
}

/** Vehicle, battery and cabinet types (Product centre → Types), one group per kind. */
export const deviceTypeApi = {
  vehicle: typeEndpoints('vehicle', { add: vehicleTypeAdd, edit: vehicleTypeEdit, record: vehicleTypeRecord }),
  battery: typeEndpoints('battery', { add: batteryTypeAdd, edit: batteryTypeEdit, record: batteryTypeRecord }),
  cabinet: typeEndpoints('cabinet', { add: cabinetTypeAdd, edit: cabinetTypeEdit, record: cabinetTypeRecord }),
} as const;
