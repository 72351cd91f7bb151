import { z } from 'zod';
import type { MessageKey } from '../messages.js';
import {
  COMPARTMENT_STATES,
  INDICATOR_COLOURS,
  LOCK_STATES,
  ON_OFF,
  RADIATOR_SETTINGS,
  SUPPLY_STATUSES,
  meterReading,
} from '../domains/cabinet.js';
import { SWITCH_PERMISSIONS } from '../domains/battery.js';
import { ACC_STATES } from '../domains/vehicle.js';
import { DEVICE_NUMBER_PATTERN } from '../domains/stock.js';
import { cleanString, hasIllegalText, int32 } from '../validation.js';

/**
 * Payloads of the device protocol (docs/device-protocol.md), JSON over MQTT. Devices send their
 * own clock in `ts` (ISO-8601 UTC); the server keeps its own receive time for liveness.
 */
const ts = z.iso.datetime({ offset: true });
const number = cleanString().regex(DEVICE_NUMBER_PATTERN);
const reading = (min: number, max: number) => z.number().min(min).max(max);
/**
 * Device text: refused with NUL or an unpaired surrogate at validation, so such a report never
 * reaches a batch statement it would fail for every other device (docs/security.md).
 */
const deviceText = (max: number) => cleanString().max(max);
const compartmentIndex = int32(1, 64);

export const geoPosition = z.object({ lat: reading(-90, 90), lng: reading(-180, 180) });
export type GeoPosition = z.infer<typeof geoPosition>;

/** One compartment (slot) as the cabinet reports it, with its per-compartment fields. */
export const compartmentState = z.object({
  index: compartmentIndex,
  state: z.enum(COMPARTMENT_STATES),
  doorLock: z.enum(LOCK_STATES),
  batteryLock: z.enum(LOCK_STATES),
  inPlace: z.boolean(),
  chargerSwitch: z.enum(ON_OFF),
  voltage: reading(0, 1000).nullable(),
  current: reading(-500, 500).nullable(),
  temperature: reading(-40, 150).nullable(),
  /** Charge limit preset, percent. */
  preset: reading(0, 100).nullable(),
  indicator: z.enum(INDICATOR_COLOURS),
  fault: deviceText(200).nullable(),
  nfcSwitch: z.enum(ON_OFF),
  enabled: z.boolean(),
  /** The battery sensed in the slot (read over NFC/BMS), null when empty. */
  batteryNumber: number.nullable(),
});
export type CompartmentReport = z.infer<typeof compartmentState>;

/** Retained on bss/v1/cabinet/{no}/state. Online carries the slots; the last will is `{ "online": false }`. */
export const cabinetStateOnline = z.object({
  online: z.literal(true),
  ts,
  firmwareVersion: deviceText(40).optional(),
  compartments: z.array(compartmentState).min(1).max(64),
});
export const cabinetStateOffline = z.object({ online: z.literal(false), ts: ts.optional() });
export const cabinetState = z.discriminatedUnion('online', [cabinetStateOnline, cabinetStateOffline]);
export type CabinetState = z.infer<typeof cabinetState>;

/** Environment and power of a cabinet, every heartbeat interval on /telemetry. */
export const cabinetTelemetry = z.object({
  ts,
  humidity: reading(0, 100),
  /** Cellular signal, CSQ 0–31. */
  signal: int32(0, 31),
  waterAlarm: z.boolean(),
  smokeAlarm: z.boolean(),
  temperature: reading(-40, 100),
  lamp: z.enum(ON_OFF),
  radiator: z.enum(RADIATOR_SETTINGS),
  supply: z.enum(SUPPLY_STATUSES),
  /** Configured limits, kW. */
  power: z.object({ externalMax: reading(0, 100000), chargerTotal: reading(0, 100000) }),
  /** Energy meters, cumulative kWh. */
  meters: z.array(meterReading).max(100),
  /** Power drawn now, kW. */
  load: reading(0, 100000),
});
export type CabinetTelemetry = z.infer<typeof cabinetTelemetry>;

/** BMS report of a battery on bss/v1/battery/{no}/telemetry. */
export const batteryTelemetry = z.object({
  ts,
  soc: reading(0, 100),
  voltage: reading(0, 1000),
  /** Positive charging, negative discharging, A. */
  current: reading(-1000, 1000),
  temperature: reading(-40, 150),
  cellVoltages: z.array(reading(0, 5)).min(1).max(300),
  cycles: int32(0),
  gsmSignal: int32(0, 31),
  /** Satellites in view. */
  gpsSignal: int32(0, 99),
  position: geoPosition.nullable(),
  chargeSwitch: z.enum(SWITCH_PERMISSIONS),
  dischargeSwitch: z.enum(SWITCH_PERMISSIONS),
});
export type BatteryTelemetry = z.infer<typeof batteryTelemetry>;

export const vehicleTelemetry = z.object({
  ts,
  position: geoPosition,
  /** km/h. */
  speed: reading(0, 300),
  acc: z.enum(ACC_STATES),
  /** The charge of the pack it rides on, percent, as the vehicle's controller reads it; optional (older trackers send none). */
  soc: reading(0, 100).nullable().optional(),
  fault: deviceText(200).nullable().optional(),
});
export type VehicleTelemetry = z.infer<typeof vehicleTelemetry>;

/**
 * The battery and vehicle telemetry schemas checked by hand, for the ingest path's hot loop
 * (docs/device-protocol.md, "Malformed messages"): a report they take is answered as the schema
 * answers it (the same fields, unknown ones dropped), anything else undefined, and the schema then
 * words why it is refused. They take exactly what the schemas take (device.test.ts compares them on
 * every field's edge cases); a change to a schema above changes its acceptor here.
 */
const TS_PATTERN = (ts as unknown as { _zod: { pattern: RegExp } })._zod.pattern;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const inRange = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && value >= min && value <= max;
const wholeIn = (value: unknown, min: number, max = 2_147_483_647): value is number =>
  Number.isSafeInteger(value) && inRange(value, min, max);
const isTs = (value: unknown): value is string => typeof value === 'string' && TS_PATTERN.test(value);
const positionOf = (value: unknown): GeoPosition | undefined =>
  isObject(value) && inRange(value['lat'], -90, 90) && inRange(value['lng'], -180, 180)
    ? { lat: value['lat'], lng: value['lng'] }
    : undefined;
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

export function acceptBatteryTelemetry(json: unknown): BatteryTelemetry | undefined {
  if (!isObject(json)) return undefined;
  const {
    ts: at,
    soc,
    voltage,
    current,
    temperature,
    cellVoltages,
    cycles,
    gsmSignal,
    gpsSignal,
    position,
    chargeSwitch,
    dischargeSwitch,
  } = json;
  const place = position === null ? null : positionOf(position);
  if (
    !isTs(at) ||
    !inRange(soc, 0, 100) ||
    !inRange(voltage, 0, 1000) ||
    !inRange(current, -1000, 1000) ||
    !inRange(temperature, -40, 150) ||
    !Array.isArray(cellVoltages) ||
    cellVoltages.length < 1 ||
    cellVoltages.length > 300 ||
    !cellVoltages.every((cell) => inRange(cell, 0, 5)) ||
    !wholeIn(cycles, 0) ||
    !wholeIn(gsmSignal, 0, 31) ||
    !wholeIn(gpsSignal, 0, 99) ||
    place === undefined ||
    !oneOf(SWITCH_PERMISSIONS, chargeSwitch) ||
    !oneOf(SWITCH_PERMISSIONS, dischargeSwitch)
  )
    return undefined;
  return {
    ts: at,
    soc,
    voltage,
    current,
    temperature,
    cellVoltages: [...cellVoltages],
    cycles,
    gsmSignal,
    gpsSignal,
    position: place,
    chargeSwitch,
    dischargeSwitch,
  };
}

export function acceptVehicleTelemetry(json: unknown): VehicleTelemetry | undefined {
  if (!isObject(json)) return undefined;
  const { ts: at, position, speed, acc, soc, fault } = json;
  const place = positionOf(position);
  if (
    !isTs(at) ||
    place === undefined ||
    !inRange(speed, 0, 300) ||
    !oneOf(ACC_STATES, acc) ||
    (soc !== undefined && soc !== null && !inRange(soc, 0, 100)) ||
    (fault !== undefined && fault !== null && (typeof fault !== 'string' || fault.length > 200 || hasIllegalText(fault)))
  )
    return undefined;
  return {
    ts: at,
    position: place,
    speed,
    acc,
    ...(soc !== undefined ? { soc } : {}),
    ...(fault !== undefined ? { fault } : {}),
  };
}

/** Readings one backlog message carries at most (docs/device-protocol.md, "Backlog"); a longer backlog is sent in several. */
export const BACKLOG_MAX_READINGS = 500;
/** How far past the server's clock a backlog reading's `ts` may lie (device clock drift); later ones are dropped. */
export const BACKLOG_MAX_AHEAD_MS = 5 * 60_000;
/** How far back a backlog reading is kept when the retention setting keeps everything, in days. */
export const BACKLOG_MAX_DAYS = 366;

/**
 * Readings a vehicle or a battery stored while it had no link, uploaded on
 * bss/v1/{kind}/{no}/backlog once it is back: each its own report with its own `ts`, kept in the
 * history at that time (never the live state). The topic names the device; readings name none.
 */
const backlog = <T extends z.ZodType>(reading: T) => z.object({ readings: z.array(reading).min(1).max(BACKLOG_MAX_READINGS) });
export const batteryBacklog = backlog(batteryTelemetry);
export type BatteryBacklog = z.infer<typeof batteryBacklog>;
export const vehicleBacklog = backlog(vehicleTelemetry);
export type VehicleBacklog = z.infer<typeof vehicleBacklog>;

/**
 * Device failure codes a cabinet reports in a command result or a failed swap, each mapped to
 * the catalogue's device message so the operator sees the same text everywhere.
 */
export const DEVICE_FAILURE_MESSAGES = {
  DOOR_FAILURE: 'doorFailure',
  OPEN_DOOR_FAILURE: 'openDoorFailure',
  READ_DOOR_STATUS_FAILURE: 'readDoorStatusFailure',
  BATTERY_ALREADY_BOUND: 'batteryAlreadyBound',
  BATTERY_DETECT_FAILURE: 'batteryDetectFailure',
  BATTERY_FAULT_OR_MISSING: 'batteryFaultOrMissing',
  READ_BATTERY_ID_FAILURE: 'readBatteryIdFailure',
  SET_ID_FAILURE: 'setIdFailure',
  SET_BMS_STATE_FAILURE: 'setBmsStateFailure',
  QUERY_STATUS_FAILURE: 'queryStatusFailure',
  SET_TAKEAWAY_FAILURE: 'setTakeawayFailure',
  IN_PLACE_MISMATCH: 'inPlaceMismatch',
  SENDING_FAILED: 'sendingFailed',
  RESTART_FAILED: 'restartFailed',
  UNBIND_FAILED: 'unbindFailed',
  COMPARTMENT_INIT_FAILED: 'compartmentInitFailed',
} as const satisfies Record<string, MessageKey>;
export type DeviceFailureCode = keyof typeof DEVICE_FAILURE_MESSAGES;
export const DEVICE_FAILURE_CODES = Object.keys(DEVICE_FAILURE_MESSAGES) as [DeviceFailureCode, ...DeviceFailureCode[]];

/**
 * What a swap record shows as its failure: the cabinet's own code, or the server's refusal of the
 * event (a cabinet never sends these; docs/device-protocol.md, "Batteries a cabinet may handle").
 */
export const SWAP_RECORD_FAILURE_MESSAGES = {
  ...DEVICE_FAILURE_MESSAGES,
  BATTERY_OTHER_OWNER: 'batteryOtherOwner',
} as const satisfies Record<string, MessageKey>;
export type SwapRecordFailureCode = keyof typeof SWAP_RECORD_FAILURE_MESSAGES;
export const SWAP_RECORD_FAILURE_CODES = Object.keys(SWAP_RECORD_FAILURE_MESSAGES) as [SwapRecordFailureCode, ...SwapRecordFailureCode[]];

export const SWAP_RESULTS = ['SUCCEEDED', 'FAILED', 'ABORTED'] as const;
export type SwapResult = (typeof SWAP_RESULTS)[number];
const customerRef = deviceText(64).min(1);

/** One swap, reported once by the cabinet when it ends; it becomes a swap record (not a charging session). */
export const swapEvent = z
  .object({
    type: z.literal('SWAP'),
    /** Unique per cabinet: a repeated event (QoS 1 redelivery) is recorded once. */
    eventId: deviceText(64).min(1),
    batteryIn: z.object({ number, compartment: compartmentIndex, soc: reading(0, 100) }).nullable(),
    batteryOut: z.object({ number, compartment: compartmentIndex, soc: reading(0, 100) }).nullable(),
    startedAt: ts,
    endedAt: ts,
    result: z.enum(SWAP_RESULTS),
    /** The authorization this swap followed (authorize.requestId), when the cabinet asked for one. */
    requestId: z.uuid().optional(),
    /** The customer or vehicle served (customer id, phone or vehicle number, as the cabinet read it). */
    customer: customerRef.optional(),
    failureCode: z.enum(DEVICE_FAILURE_CODES).optional(),
    /**
     * The energy the pack handed out took in its compartment: the compartment meter's cumulative kWh
     * when its charge began and at the swap (an energy order is priced from them; docs/device-protocol.md).
     */
    meter: z.object({ startKwh: reading(0, 1e9), endKwh: reading(0, 1e9) }).optional(),
  })
  .refine((e) => Date.parse(e.endedAt) >= Date.parse(e.startedAt), { path: ['endedAt'], message: 'validation.invalid' })
  .refine((e) => !e.meter || e.meter.endKwh >= e.meter.startKwh, { path: ['meter', 'endKwh'], message: 'validation.invalid' })
  .refine((e) => e.result !== 'FAILED' || e.failureCode !== undefined, { path: ['failureCode'], message: 'validation.required' })
  .refine((e) => e.result !== 'SUCCEEDED' || (e.batteryIn !== null && e.batteryOut !== null), {
    path: ['batteryOut'],
    message: 'validation.required',
  });
export type SwapEvent = z.infer<typeof swapEvent>;
/** Everything a cabinet reports on /event; today only swaps. */
export const cabinetEvent = swapEvent;
export type CabinetEvent = SwapEvent;

/**
 * Before releasing a battery the cabinet asks the server on /authorize; the server answers on
 * /authorize-result. A refusal carries the reason; the cabinet then aborts the swap.
 */
export const authorizeRequest = z.object({
  /** Unique per request; the answer repeats it. */
  requestId: z.uuid(),
  ts,
  /** The battery the cabinet would hand out and the compartment holding it. */
  batteryNumber: number,
  compartment: compartmentIndex,
  /** The customer or vehicle asking (customer id, phone or vehicle number). */
  customer: customerRef,
  /** The battery the customer brought back, when known before the hand-out. */
  batteryInNumber: number.optional(),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequest>;

/** Why a hand-out is refused, each with the catalogue message the operator sees. */
export const AUTHORIZE_REFUSALS = {
  BATTERY_UNKNOWN: 'batteryMissing',
  BATTERY_OTHER_OWNER: 'batteryOtherOwner',
  BATTERY_RETURNING: 'batteryReturning',
  BATTERY_UNASSIGNED: 'batteryUnassigned',
  BATTERY_SCRAPPED: 'deviceScrapped',
  BATTERY_MID_SWAP: 'batteryMidSwap',
  BATTERY_NOT_IN_COMPARTMENT: 'batteryNotInCompartment',
  COMPARTMENT_RESERVED: 'compartmentReserved',
} as const satisfies Record<string, MessageKey>;
export type AuthorizeRefusal = keyof typeof AUTHORIZE_REFUSALS;
export const AUTHORIZE_REFUSAL_CODES = Object.keys(AUTHORIZE_REFUSALS) as [AuthorizeRefusal, ...AuthorizeRefusal[]];

export const authorizeResult = z
  .object({
    requestId: z.uuid(),
    ts,
    allowed: z.boolean(),
    reason: z.enum(AUTHORIZE_REFUSAL_CODES).optional(),
    /** Localized text of the reason (the cabinet's screen shows it), in the server's default language. */
    message: deviceText(200).optional(),
    /** Until when the hand-out stays authorized; the swap must be reported before. */
    expiresAt: ts.optional(),
  })
  .refine((r) => r.allowed || r.reason !== undefined, { path: ['reason'], message: 'validation.required' });
export type AuthorizeResult = z.infer<typeof authorizeResult>;

/** Command lifecycle (server side): QUEUED → SENT → ACCEPTED/REJECTED → SUCCEEDED/FAILED, or TIMEOUT/EXPIRED/CANCELLED. */
export const COMMAND_STATUSES = [
  'QUEUED',
  'SENT',
  'ACCEPTED',
  'REJECTED',
  'SUCCEEDED',
  'FAILED',
  'TIMEOUT',
  'EXPIRED',
  'CANCELLED',
] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];
/** The statuses a device itself reports; the rest are set by the server. */
export const DEVICE_COMMAND_STATUSES = ['ACCEPTED', 'REJECTED', 'SUCCEEDED', 'FAILED'] as const;
export const FINAL_COMMAND_STATUSES: readonly CommandStatus[] = ['REJECTED', 'SUCCEEDED', 'FAILED', 'TIMEOUT', 'EXPIRED', 'CANCELLED'];

export const COMPARTMENT_COMMANDS = [
  'OPEN_DOOR',
  'BATTERY_LOCK',
  'BATTERY_UNLOCK',
  'CHARGER_ON',
  'CHARGER_OFF',
  'COMPARTMENT_ENABLE',
  'COMPARTMENT_DISABLE',
  'CHARGE_ALLOW',
  'CHARGE_FORBID',
  'DISCHARGE_ALLOW',
  'DISCHARGE_FORBID',
] as const;
export const COMMAND_NAMES = [...COMPARTMENT_COMMANDS, 'RESTART', 'FIRMWARE_UPDATE'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

const commandBase = z.object({
  /** Unique id: the device ignores a command whose id it has already seen. */
  id: z.uuid(),
  issuedAt: ts,
  /** The device refuses (REJECTED) a command received after this instant. */
  expiresAt: ts,
});
export const firmwareImage = z.object({
  version: deviceText(40).min(1),
  url: z.url({ protocol: /^https$/ }).refine((v) => !hasIllegalText(v), { message: 'validation.illegalChars' }),
  size: int32(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FirmwareImage = z.infer<typeof firmwareImage>;

/** Sent on bss/v1/cabinet/{no}/cmd. */
export const deviceCommand = z
  .discriminatedUnion('name', [
    commandBase.extend({ name: z.enum(COMPARTMENT_COMMANDS), compartment: compartmentIndex }),
    commandBase.extend({ name: z.literal('RESTART') }),
    commandBase.extend({ name: z.literal('FIRMWARE_UPDATE'), firmware: firmwareImage }),
  ])
  .refine((c) => Date.parse(c.expiresAt) > Date.parse(c.issuedAt), { path: ['expiresAt'], message: 'validation.invalid' });
export type DeviceCommand = z.infer<typeof deviceCommand>;

/** Sent by the cabinet on /cmd-result: ACCEPTED or REJECTED first, then SUCCEEDED or FAILED. */
export const commandResult = z
  .object({
    id: z.uuid(),
    status: z.enum(DEVICE_COMMAND_STATUSES),
    ts,
    failureCode: z.enum(DEVICE_FAILURE_CODES).optional(),
    detail: deviceText(200).optional(),
  })
  .refine((r) => r.status !== 'FAILED' || r.failureCode !== undefined, { path: ['failureCode'], message: 'validation.required' });
export type CommandResult = z.infer<typeof commandResult>;

/** Firmware statuses as OCPP's FirmwareStatusNotification. */
export const FIRMWARE_STATUSES = [
  'Downloading',
  'Downloaded',
  'DownloadFailed',
  'Installing',
  'Installed',
  'InstallationFailed',
  'InvalidChecksum',
] as const;
export type FirmwareStatus = (typeof FIRMWARE_STATUSES)[number];

/** Sent on /fw-status while a FIRMWARE_UPDATE command runs. */
export const firmwareStatusReport = z.object({
  /** The FIRMWARE_UPDATE command this report belongs to. */
  commandId: z.uuid(),
  version: deviceText(40).min(1),
  status: z.enum(FIRMWARE_STATUSES),
  ts,
});
export type FirmwareStatusReport = z.infer<typeof firmwareStatusReport>;
