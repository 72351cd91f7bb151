import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, int32, safeText } from '../validation.js';
import { STATION_SCREENS, STATION_TYPES, type StationType } from './station-kinds.js';

/**
 * Options calls (docs/api.md, "Options calls"): the choices of a select searched on the server. Apart
 * from the domains' schemas, so that a screen offering such a choice loads no more of them.
 */

/** Rows an options call answers when the caller names no limit, and the most it ever answers. */
export const OPTIONS_LIMIT = 50;
export const OPTIONS_LIMIT_MAX = 200;

/**
 * What an options call takes: part of the name (`keyword`, any case), at most `limit` rows, and the
 * rows named by `ids` besides (a saved value keeps its label), each only when the caller may see it.
 */
export const optionsQuery = z.object({
  keyword: safeText(100).optional(),
  limit: int32(1, OPTIONS_LIMIT_MAX).default(OPTIONS_LIMIT),
  ids: z.array(id).max(OPTIONS_LIMIT_MAX, { message: 'validation.tooLarge' }).optional(),
});
export type OptionsQuery = z.infer<typeof optionsQuery>;

/** A merchant as a choice (a device's owner, a cabinet's seller, a vehicle's dealer). */
export const merchantOption = z.object({ id: z.number(), name: z.string() });
export type MerchantOption = z.infer<typeof merchantOption>;

/** The merchants the caller may name. */
export const merchantOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/admin/merchant/options',
  access: { code: '' },
  body: optionsQuery,
  answer: z.array(merchantOption),
  summary: "The merchants the caller may name (platform staff every one, a merchant's staff their own) whose name holds the keyword",
});

/** A station as a choice (a distribution's station, the cabinet list's filter). */
export const stationOption = z.object({ id: z.number(), name: z.string(), type: z.enum(STATION_TYPES), merchantId: z.number().nullable() });
export type StationOption = z.infer<typeof stationOption>;
/** The station options call's input: keyword, limit and ids, and the owner (platform staff; 0: the platform's own). */
export const stationOptionsQuery = optionsQuery.extend({ merchantId: z.number().int().min(0).max(2147483647).optional() });
export type StationOptionsQuery = z.infer<typeof stationOptionsQuery>;

function stationOptionsEndpoint(type: StationType) {
  const words = type === 'INTEGRATED' ? 'integrated station' : 'swap station';
  return endpoint({
    method: 'POST',
    path: `${STATION_SCREENS[type].path}/options`,
    access: { code: STATION_SCREENS[type].code },
    body: stationOptionsQuery,
    answer: z.array(stationOption),
    summary: `The caller's ${words}s whose name holds the keyword, by name, at most \`limit\`, and those named by \`ids\``,
  });
}

/** The station options call of each type, under the type's menu. */
export const STATION_OPTIONS = {
  INTEGRATED: stationOptionsEndpoint('INTEGRATED'),
  SWAP: stationOptionsEndpoint('SWAP'),
} as const;

/** An area as a choice (the device lists' area filter): a city names its province. */
export const areaChoice = z.object({ id: z.number(), name: z.string(), province: z.string().nullable() });
export type AreaChoice = z.infer<typeof areaChoice>;

/** The areas (platform data, the same for every caller), for whoever holds a device list or the areas menu. */
export const areaOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/admin/area/options',
  access: { code: 'operation.cabinet', orCodes: ['operation.battery', 'operation.vehicle', 'admin.area'] },
  body: optionsQuery,
  answer: z.array(areaChoice),
  summary: 'The provinces and cities whose name holds the keyword, by name, at most `limit`, and those named by `ids`',
});

/** A vehicle as a choice (the vehicle statistics entry): its number. */
export const vehicleOption = z.object({ id: z.number(), number: z.string() });
export type VehicleOption = z.infer<typeof vehicleOption>;

/** The vehicles the caller may see whose number holds the keyword, for the statistics centre's vehicle search. */
export const vehicleOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/vehicle/options',
  access: { code: 'statistics.vehicle' },
  body: optionsQuery,
  answer: z.array(vehicleOption),
  summary: "The caller's vehicles whose number holds the keyword, by number, at most `limit`, and those named by `ids`",
});

/** A cabinet as a choice (the cabinets an upgrade or a command to many cabinets goes to), with the version it runs. */
export const cabinetChoice = z.object({ id: z.number(), number: z.string(), typeId: z.number(), firmwareVersion: z.string().nullable() });
export type CabinetChoice = z.infer<typeof cabinetChoice>;
/** The cabinet options call's input: keyword (part of the number), limit and ids, and the type the cabinets must be of. */
export const cabinetOptionsQuery = optionsQuery.extend({ typeId: id.optional() });

/** The caller's cabinets by number, for whoever sends commands to cabinets or starts upgrades. */
export const cabinetOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/cabinet/options',
  access: { code: 'operation.cabinet', orCodes: ['updrade.firmware.upgrade'] },
  body: cabinetOptionsQuery,
  answer: z.array(cabinetChoice),
  summary:
    "The caller's cabinets (of `typeId` if given) whose number holds the keyword, by number, at most `limit`, and those named by `ids`",
});

/** An account an alarm may be assigned to. */
export const assigneeOption = z.object({ id: z.number(), name: z.string(), username: z.string() });
export type AssigneeOption = z.infer<typeof assigneeOption>;

/**
 * Who an alarm the caller sees may be assigned to (docs/alarms.md, "Records"): enabled accounts of
 * the alarm's merchant, and platform staff's own when the caller is platform staff.
 */
export const alarmAssigneeOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/alarm/assignee/options',
  access: { code: '' },
  body: optionsQuery.extend({ alarmId: id }),
  answer: z.array(assigneeOption),
  summary: 'The enabled accounts an alarm the caller sees may be assigned to, whose name or username holds the keyword',
});

/** A rule as a choice of the alarm records' rule filter: its content (and a device rule's kind). */
export const alarmRuleOption = z.object({ id: z.number(), content: z.string(), alarmKind: z.string() });
export type AlarmRuleOption = z.infer<typeof alarmRuleOption>;
/** Whoever sees an alarm screen filters it by rule. */
const ALARM_SCREENS = { code: 'alarm.records', orCodes: ['alarm.battery', 'alarm.cabinet'] };

/**
 * The device rules whose alarms the caller may see (docs/alarms.md, "Records"): the platform's,
 * which watch every tenant's devices, and the caller's merchant's (platform staff: every one);
 * of one device kind when `alarmKind` is given. The records' filter `ruleId` takes their ids.
 */
export const alarmRuleOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/alarm/rule/options',
  access: ALARM_SCREENS,
  body: optionsQuery.extend({ alarmKind: z.enum(['battery', 'cabinet', 'vehicle']).optional() }),
  answer: z.array(alarmRuleOption),
  summary: "The device alarm rules (the platform's and the caller's merchant's) whose content holds the keyword, by content",
});

/** The business rules whose alarms the caller may see, as `alarmRuleOptionsEndpoint`; the records' `businessRuleId` takes their ids. */
export const businessRuleOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/alarm/business-rule/options',
  access: ALARM_SCREENS,
  body: optionsQuery,
  answer: z.array(alarmRuleOption),
  summary: "The business alarm rules (the platform's and the caller's merchant's) whose content holds the keyword, by content",
});

/** Every options call, one group of the API (its paths stay under their resources, so a change there refreshes the choices). */
export const choicesApi = {
  merchant: merchantOptionsEndpoint,
  integratedStation: STATION_OPTIONS.INTEGRATED,
  swapStation: STATION_OPTIONS.SWAP,
  area: areaOptionsEndpoint,
  vehicle: vehicleOptionsEndpoint,
  cabinet: cabinetOptionsEndpoint,
  alarmAssignee: alarmAssigneeOptionsEndpoint,
  alarmRule: alarmRuleOptionsEndpoint,
  businessAlarmRule: businessRuleOptionsEndpoint,
} as const;
