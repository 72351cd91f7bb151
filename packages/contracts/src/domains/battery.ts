import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { digits15, id, idQuery, safeText } from '../validation.js';
import { BATTERY_STRUCTURES, specCount, specNumber } from './device-type.js';
import {
  batchAddResult,
  batchCheckResult,
  DEVICE_SORT_FIELDS,
  deviceBatch,
  deviceNumber,
  devicePageSchema,
  deviceScrap,
  deviceSearchBase,
  DISTRIBUTION_STATUSES,
  SCRAP_STATUSES,
  scrapResult,
  STOCK_STATUSES,
} from './stock.js';

/** Charge and discharge switches: allowed or forbidden. */
export const SWITCH_PERMISSIONS = ['ALLOWED', 'FORBIDDEN'] as const;
export const ALARM_STATUSES = ['NORMAL', 'ALARM'] as const;
/** Asset return: RETURNING while a return application is in progress; such a battery cannot be handed out. */
export const RETURN_STATUSES = ['NONE', 'RETURNING'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/**
 * A battery, every field the back-office keeps. Telemetry (soc, cycles, temperature, cell voltages, signals,
 * switches, alarm, location) is written by the device link and read-only here.
 */
export const batteryRecord = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string().nullable(),
  typeId: z.number(),
  typeCode: z.string(),
  typeName: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  imei: z.string().nullable(),
  weight: z.number().nullable(),
  ratedVoltage: z.number().nullable(),
  ratedCapacity: z.number().nullable(),
  ratedCurrent: z.number().nullable(),
  softwareVersion: z.string().nullable(),
  hardwareVersion: z.string().nullable(),
  cellCount: z.number().nullable(),
  structure: z.enum(BATTERY_STRUCTURES).nullable(),
  bmsBrand: z.string().nullable(),
  cellBrand: z.string().nullable(),
  /** Full-charge capacity now, Ah. */
  capacity: z.number().nullable(),
  /** Remaining charge, percent. */
  soc: z.number().nullable(),
  /** Pack voltage (V) and current (A, negative when discharging). */
  voltage: z.number().nullable(),
  current: z.number().nullable(),
  cycles: z.number(),
  temperature: z.number().nullable(),
  cellVoltages: z.array(z.number()),
  gsmSignal: z.number().nullable(),
  gpsSignal: z.number().nullable(),
  chargeSwitch: z.enum(SWITCH_PERMISSIONS),
  dischargeSwitch: z.enum(SWITCH_PERMISSIONS),
  alarmStatus: z.enum(ALARM_STATUSES),
  scrapStatus: z.enum(SCRAP_STATUSES),
  scrapReason: z.string().nullable(),
  scrappedAt: z.string().nullable(),
  stockStatus: z.enum(STOCK_STATUSES),
  distributionStatus: z.enum(DISTRIBUTION_STATUSES),
  returnStatus: z.enum(RETURN_STATUSES),
  /** Mid-swap until this instant (a cabinet's hand-out was authorized and its swap not yet reported). */
  swapLockedUntil: z.string().nullable(),
  /** True while mid-swap: editing, scrapping, binding and stock moves are refused. */
  midSwap: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  location: z.string().nullable(),
  androidSerialNumber: z.string().nullable(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  /** The vehicle the battery is bound to, if any. */
  vehicleId: z.number().nullable(),
  vehicleNumber: z.string().nullable(),
  /** The customer holding the battery (a battery order handed it over), if any; docs/orders.md. */
  holderCustomerId: z.number().nullable(),
  holderCustomerNumber: z.string().nullable(),
  lastReportAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BatteryRecord = z.infer<typeof batteryRecord>;

export const batterySearch = deviceSearchBase.extend({
  structure: z.enum(BATTERY_STRUCTURES).nullish(),
  alarmStatus: z.enum(ALARM_STATUSES).nullish(),
  chargeSwitch: z.enum(SWITCH_PERMISSIONS).nullish(),
  dischargeSwitch: z.enum(SWITCH_PERMISSIONS).nullish(),
  /** true: bound to a vehicle; false: free. */
  bound: z.boolean().nullish(),
  returnStatus: z.enum(RETURN_STATUSES).nullish(),
  sort: z.object({ field: z.enum(DEVICE_SORT_FIELDS), order: z.enum(['ascend', 'descend']) }).optional(),
});
export type BatterySearch = z.infer<typeof batterySearch>;

const optionalText = (max: number) => safeText(max).nullish();

/** The fields staff maintain; the specification defaults to the type's and may be corrected. */
const batteryFields = z.object({
  name: optionalText(40),
  brand: optionalText(40),
  model: optionalText(40),
  imei: digits15.nullish(),
  softwareVersion: optionalText(40),
  hardwareVersion: optionalText(40),
  bmsBrand: optionalText(40),
  cellBrand: optionalText(40),
  androidSerialNumber: optionalText(64),
  weight: specNumber(10000).nullish(),
  ratedVoltage: specNumber(2000).nullish(),
  ratedCapacity: specNumber(10000).nullish(),
  ratedCurrent: specNumber(10000).nullish(),
  cellCount: specCount(1000).nullish(),
  structure: z.enum(BATTERY_STRUCTURES).nullish(),
  /** Set by staff until the application screens set it; absent keeps the current value. The distribution screens alone assign. */
  returnStatus: z.enum(RETURN_STATUSES).nullish(),
});

export const batteryAdd = batteryFields.extend({
  number: deviceNumber,
  typeId: id,
  /** Owner; platform callers only (null or absent = platform stock). */
  merchantId: id.nullish(),
});
export type BatteryAdd = z.infer<typeof batteryAdd>;

/** Edit replaces the maintained fields and may change the type; number and owner stay. */
export const batteryEdit = batteryFields.extend({ id: id, typeId: id });
export type BatteryEdit = z.infer<typeof batteryEdit>;

/** Batteries (Product centre → Batteries, /product/battery/list). */
export const batteryApi = {
  search: endpoint({
    method: 'POST',
    path: '/battery/search',
    access: { code: 'operation.battery' },
    body: batterySearch,
    answer: devicePageSchema(batteryRecord),
    sortable: DEVICE_SORT_FIELDS,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/battery/detail',
    access: { code: 'operation.battery.latestInfos' },
    query: idQuery,
    answer: batteryRecord,
  }),
  add: endpoint({
    method: 'POST',
    path: '/battery/add',
    access: { code: 'operation.battery.add' },
    body: batteryAdd,
    answer: batteryRecord,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/battery/edit',
    access: { code: 'operation.battery.edit' },
    body: batteryEdit,
    answer: batteryRecord,
  }),
  batchCheck: endpoint({
    method: 'POST',
    path: '/battery/batch/check',
    access: { code: 'operation.battery.add' },
    body: deviceBatch,
    answer: batchCheckResult,
  }),
  batchAdd: endpoint({
    method: 'POST',
    path: '/battery/batch/add',
    access: { code: 'operation.battery.add' },
    body: deviceBatch,
    answer: batchAddResult,
  }),
  scrap: endpoint({
    method: 'POST',
    path: '/battery/scrap',
    access: { code: 'operation.battery.edit' },
    body: deviceScrap,
    answer: scrapResult,
  }),
  export: endpoint({
    method: 'POST',
    path: '/battery/export',
    access: { code: 'operation.battery.export' },
    body: batterySearch,
    sortable: DEVICE_SORT_FIELDS,
    answer: 'csv',
  }),
} as const;
