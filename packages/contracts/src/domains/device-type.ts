import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { description, id, nameField, requiredText, safeText, typeCode } from '../validation.js';

/** Device kinds, spec §3. Every kind has types, a registry, stock and scrap. */
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

/** A vehicle holds one or two batteries (spec §9). */
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
