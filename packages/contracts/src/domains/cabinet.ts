import { z } from 'zod';
import type { FieldLabels } from '../language.js';
import { endpoint } from '../endpoint.js';
import { digits15, id, idQuery, int32, safeText } from '../validation.js';
import { specCount, specNumber } from './device-type.js';
import { STATION_TYPES } from './station-kinds.js';
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

/** Compartment states. */
export const COMPARTMENT_STATES = ['EMPTY', 'SWAPPABLE', 'RESERVED', 'FAULTY', 'FULL'] as const;
export type CompartmentState = (typeof COMPARTMENT_STATES)[number];
export const LOCK_STATES = ['LOCKED', 'UNLOCKED'] as const;
export const ON_OFF = ['ON', 'OFF'] as const;
export const INDICATOR_COLOURS = ['OFF', 'GREEN', 'YELLOW', 'RED'] as const;
export const NETWORK_TYPES = ['4G', 'WIFI', 'ETHERNET'] as const;
export const COMMUNICATION_TYPES = ['MQTT', 'TCP', 'HTTP'] as const;
export const SUPPLY_STATUSES = ['NORMAL', 'OUTAGE'] as const;
export const RADIATOR_SETTINGS = ['AUTO', 'ON', 'OFF'] as const;

/** One compartment (slot) of a cabinet; written by the device link, read here. */
export const compartmentRecord = z.object({
  id: z.number(),
  index: z.number(),
  state: z.enum(COMPARTMENT_STATES),
  doorLock: z.enum(LOCK_STATES),
  batteryLock: z.enum(LOCK_STATES),
  /** In-place detection: a battery is sensed in the compartment. */
  inPlace: z.boolean(),
  chargerSwitch: z.enum(ON_OFF),
  voltage: z.number().nullable(),
  current: z.number().nullable(),
  temperature: z.number().nullable(),
  /** Preset charge limit of the compartment, percent. */
  preset: z.number().nullable(),
  indicator: z.enum(INDICATOR_COLOURS),
  fault: z.string().nullable(),
  nfcSwitch: z.enum(ON_OFF),
  enabled: z.boolean(),
  batteryId: z.number().nullable(),
  batteryNumber: z.string().nullable(),
});
export type CompartmentRecord = z.infer<typeof compartmentRecord>;

/** A cabinet, every field the back-office keeps. Environment readings come from the device link. */
export const cabinetRecord = z.object({
  id: z.number(),
  number: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  typeId: z.number(),
  typeCode: z.string(),
  typeName: z.string(),
  productNumber: z.string().nullable(),
  networkType: z.enum(NETWORK_TYPES).nullable(),
  communicationType: z.enum(COMMUNICATION_TYPES).nullable(),
  compartmentCount: z.number(),
  /** YYYY-MM-DD. */
  factoryDate: z.string().nullable(),
  supplyStatus: z.enum(SUPPLY_STATUSES),
  humidity: z.number().nullable(),
  signal: z.number().nullable(),
  waterAlarm: z.boolean(),
  smokeAlarm: z.boolean(),
  temperature: z.number().nullable(),
  lamp: z.enum(ON_OFF),
  radiatorSetting: z.enum(RADIATOR_SETTINGS),
  externalMaxPower: z.number().nullable(),
  chargerTotalPower: z.number().nullable(),
  meterCount: z.number().nullable(),
  /** Current load, kW. */
  load: z.number().nullable(),
  imei: z.string().nullable(),
  androidSerialNumber: z.string().nullable(),
  /** The site text the cabinet carried before stations existed (migration 0018 made its station from it). */
  site: z.string().nullable(),
  /** The station the cabinet stands in (docs/stations-and-maps.md, "Cabinets in stations"). */
  stationId: z.number().nullable(),
  stationName: z.string().nullable(),
  /** The station's type: which station screen shows it. */
  stationType: z.enum(STATION_TYPES).nullable(),
  /** ASSIGNED while the cabinet stands in a station (docs/operation-centre.md, "Distribution"). */
  distributionStatus: z.enum(DISTRIBUTION_STATUSES),
  /** Compartments holding a battery ready to swap (swappable or full). */
  swappableCount: z.number(),
  /** The merchant that sold the cabinet (docs/stations-and-maps.md, "Seller and dealer"). */
  sellerId: z.number().nullable(),
  /** The seller's name: the merchant's, else the text written before sellers were merchants (migration 0022). */
  seller: z.string().nullable(),
  purchaseTime: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  location: z.string().nullable(),
  stockStatus: z.enum(STOCK_STATUSES),
  scrapStatus: z.enum(SCRAP_STATUSES),
  scrapReason: z.string().nullable(),
  scrappedAt: z.string().nullable(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  /** Reported by the device link: retained state, last will, heartbeat timeout. */
  online: z.boolean(),
  lastReportAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CabinetRecord = z.infer<typeof cabinetRecord>;
/** One energy meter of a cabinet as last reported: its index and cumulative kWh. */
export const meterReading = z.object({ index: int32(1, 100), energyKwh: z.number().min(0).max(1e9) });
export type MeterReading = z.infer<typeof meterReading>;

/** The detail adds the compartments and the meters' latest readings (empty until the cabinet reports). */
export const cabinetDetail = cabinetRecord.extend({ compartments: z.array(compartmentRecord), meterReadings: z.array(meterReading) });
export type CabinetDetail = z.infer<typeof cabinetDetail>;

/** Whether a cabinet is heard from now (docs/device-protocol.md, "Cabinet state, last will and heartbeat"). */
export const CONNECTIVITY = ['ONLINE', 'OFFLINE'] as const;
export type Connectivity = (typeof CONNECTIVITY)[number];

/** Labels of the fields the cabinet list brought to the product (see FIELD_LABELS). */
export const cabinetFieldLabels = {
  connectivity: { en: 'Connection', in: 'Koneksi', th: 'การเชื่อมต่อ', zh: '连接状态' },
} satisfies FieldLabels;

export const cabinetSearch = deviceSearchBase.extend({
  connectivity: z.enum(CONNECTIVITY).nullish(),
  site: safeText(60).nullish(),
  stationId: id.nullish(),
  networkType: z.enum(NETWORK_TYPES).nullish(),
  supplyStatus: z.enum(SUPPLY_STATUSES).nullish(),
  sort: z.object({ field: z.enum(DEVICE_SORT_FIELDS), order: z.enum(['ascend', 'descend']) }).optional(),
});
export type CabinetSearch = z.infer<typeof cabinetSearch>;

const optionalText = (max: number) => safeText(max).nullish();
const isoDate = z.iso.date({ message: 'validation.invalid' });

const cabinetFields = z.object({
  brand: optionalText(40),
  model: optionalText(40),
  productNumber: optionalText(40),
  networkType: z.enum(NETWORK_TYPES).nullish(),
  communicationType: z.enum(COMMUNICATION_TYPES).nullish(),
  factoryDate: isoDate.nullish(),
  radiatorSetting: z.enum(RADIATOR_SETTINGS).default('AUTO'),
  externalMaxPower: specNumber(100000).nullish(),
  chargerTotalPower: specNumber(100000).nullish(),
  meterCount: specCount(100).nullish(),
  imei: digits15.nullish(),
  androidSerialNumber: optionalText(64),
  /** A merchant the caller may see; choosing one replaces a seller text written before sellers were merchants. */
  sellerId: id.nullish(),
  purchaseTime: z.iso.datetime({ offset: true }).nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  location: optionalText(200),
});

/** The compartment count comes from the type; its compartments are created with the cabinet. */
export const cabinetAdd = cabinetFields.extend({
  number: deviceNumber,
  typeId: id,
  merchantId: id.nullish(),
});
export type CabinetAdd = z.infer<typeof cabinetAdd>;
/** The type of a cabinet is fixed once registered: its compartments were built from it. */
export const cabinetEdit = cabinetFields.extend({ id: id });
export type CabinetEdit = z.infer<typeof cabinetEdit>;

/** Cabinets (Product centre → Cabinets, /product/cabinet/list); add and edit answer the detail with its compartments. */
export const cabinetApi = {
  search: endpoint({
    method: 'POST',
    path: '/cabinet/search',
    access: { code: 'operation.cabinet' },
    body: cabinetSearch,
    answer: devicePageSchema(cabinetRecord),
    sortable: DEVICE_SORT_FIELDS,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/cabinet/detail',
    access: { code: 'operation.cabinet.latestInfos' },
    query: idQuery,
    answer: cabinetDetail,
  }),
  add: endpoint({
    method: 'POST',
    path: '/cabinet/add',
    access: { code: 'operation.cabinet.add' },
    body: cabinetAdd,
    answer: cabinetDetail,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/cabinet/edit',
    access: { code: 'operation.cabinet.edit' },
    body: cabinetEdit,
    answer: cabinetDetail,
  }),
  batchCheck: endpoint({
    method: 'POST',
    path: '/cabinet/batch/check',
    access: { code: 'operation.cabinet.add' },
    body: deviceBatch,
    answer: batchCheckResult,
  }),
  batchAdd: endpoint({
    method: 'POST',
    path: '/cabinet/batch/add',
    access: { code: 'operation.cabinet.add' },
    body: deviceBatch,
    answer: batchAddResult,
  }),
  scrap: endpoint({
    method: 'POST',
    path: '/cabinet/scrap',
    access: { code: 'operation.cabinet.edit' },
    body: deviceScrap,
    answer: scrapResult,
  }),
  export: endpoint({
    method: 'POST',
    path: '/cabinet/export',
    access: { code: 'operation.cabinet.export' },
    body: cabinetSearch,
    sortable: DEVICE_SORT_FIELDS,
    answer: 'csv',
  }),
} as const;
