import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  COMPARTMENT_PARAMETERS,
  CONDITION_PARAMETERS,
  type AlarmDeviceKind,
  type AlarmLevel,
  type AlarmParameter,
  type BatteryTelemetry,
  type CabinetTelemetry,
  type CompartmentReport,
  type MessageKey,
  type VehicleTelemetry,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { recordAudit } from '../audit-log/index.js';
import type { DeviceKindDef, DeviceRow } from '../device-registry/index.js';
import { BATTERY_KIND, batteryAlarmStatusUpdate, setBatteryAlarmStatus } from '../battery/index.js';
import { CABINET_KIND } from '../cabinet/index.js';
import { VEHICLE_KIND } from '../vehicle/index.js';
import { appendDeviceLog, insertDeviceLogRows, type DeviceLogEntry } from '../device-log/index.js';
import { enabledRules, whenRuleRetires, whenRulesChange } from './alarm.config.js';
import { alarmRules, alarms } from './alarm.table.js';
import { queueAlarmWebhooks, type HookedAlarm } from './alarm.webhook.js';
import type { AlarmChange, AnnounceAlarm } from './alarm.change.js';

/** The device log's line for an alarm raised or cleared on a device (docs/alarms.md, "Device log"). */
export function alarmLogLine(
  deviceKind: AlarmDeviceKind,
  row: { deviceId: number; merchantId: number | null; content: string },
  raised: boolean,
  at?: Date,
): DeviceLogEntry {
  return {
    kind: 'alarm',
    deviceKind,
    deviceId: row.deviceId,
    merchantId: row.merchantId,
    text: raised ? 'deviceLogAlarmRaised' : 'deviceLogAlarmCleared',
    params: { content: row.content },
    ...(at ? { at } : {}),
  };
}

/**
 * One device's latest readings, by parameter: numbers, or whether a condition holds. A cabinet's
 * compartment is read on its own (`compartment`: its door and fault), one alarm per compartment.
 */
export interface Reading {
  kind: AlarmDeviceKind;
  number: string;
  values: Partial<Record<AlarmParameter, number | boolean>>;
  compartment?: number;
  /** What the device said of its fault, kept on the alarm. */
  detail?: string;
  /**
   * The device, when the caller already read it (the telemetry write answers it, and its alarms not
   * cleared with `alarmsAlongside`); else evaluation looks it up.
   */
  device?: ReportedDevice;
}

/** A telemetry report as evaluation reads it (the device link's batch items). */
export type ReportedTelemetry =
  | { kind: 'battery'; number: string; payload: BatteryTelemetry }
  | { kind: 'cabinet'; number: string; payload: CabinetTelemetry }
  | { kind: 'vehicle'; number: string; payload: VehicleTelemetry };

/** What a rule reads of each report (docs/alarms.md, "Parameters"). */
function valuesOf(report: ReportedTelemetry): Reading['values'] {
  if (report.kind === 'battery') {
    const t = report.payload;
    const cells = t.cellVoltages;
    return {
      temperature: t.temperature,
      soc: t.soc,
      voltage: t.voltage,
      current: t.current,
      gsmSignal: t.gsmSignal,
      gpsSignal: t.gpsSignal,
      ...(cells.length > 1 ? { cellVoltageSpread: Math.round((Math.max(...cells) - Math.min(...cells)) * 1000) / 1000 } : {}),
    };
  }
  if (report.kind === 'cabinet') {
    const t = report.payload;
    return {
      temperature: t.temperature,
      humidity: t.humidity,
      water: t.waterAlarm,
      smoke: t.smokeAlarm,
      signal: t.signal,
      load: t.load,
      offline: false,
    };
  }
  const t = report.payload;
  return {
    speed: t.speed,
    ...(typeof t.soc === 'number' ? { soc: t.soc } : {}),
    // An older tracker sends no fault field at all: nothing is said of its faults.
    ...(t.fault !== undefined ? { fault: t.fault !== null && t.fault.trim() !== '' } : {}),
  };
}

const faultOf = (report: ReportedTelemetry) => (report.kind === 'vehicle' && report.payload.fault ? { detail: report.payload.fault } : {});

/**
 * A cabinet's compartments as its state reports them (docs/alarms.md, "Parameters"): each its door
 * (open while unlocked) and its fault, read on their own so each compartment has its own alarm.
 */
export function compartmentReadings(number: string, compartments: readonly CompartmentReport[]): Reading[] {
  return compartments.map((c) => ({
    kind: 'cabinet' as const,
    number,
    compartment: c.index,
    values: { doorOpen: c.doorLock === 'UNLOCKED', compartmentFault: c.fault !== null && c.fault.trim() !== '' },
    ...(c.fault ? { detail: c.fault } : {}),
  }));
}

/**
 * The last report of each device in the batch, as readings; `devices` (the telemetry write's
 * answer, by `kind/number`) names the devices found, so evaluation need not look them up again.
 */
export function readingsOf(reports: readonly ReportedTelemetry[], devices?: ReadonlyMap<string, ReportedDevice>): Reading[] {
  const last = new Map<string, ReportedTelemetry>();
  for (const report of reports) last.set(`${report.kind}/${report.number}`, report);
  return [...last].map(([key, report]) => {
    const device = devices?.get(key);
    return { kind: report.kind, number: report.number, values: valuesOf(report), ...faultOf(report), ...(device ? { device } : {}) };
  });
}

type Rule = Awaited<ReturnType<typeof enabledRules>>[number];

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/**
 * Rules are read once and kept: a change on this server drops them at once, another server's within
 * RULES_TTL_MS. The rules watching a device are worked out once per kind, owner and type (`watching`).
 */
const RULES_TTL_MS = 30_000;
let cached: { rules: Rule[]; at: number; watching: Map<string, Rule[]> } | undefined;
whenRulesChange(() => (cached = undefined));
whenRuleRetires((ctx, tx, ruleId) => clearAlarmsOfRule(ctx, tx, ruleId));

async function keptRules(db: Db): Promise<NonNullable<typeof cached>> {
  if (!cached || Date.now() - cached.at > RULES_TTL_MS) cached = { rules: await enabledRules(db), at: Date.now(), watching: new Map() };
  return cached;
}

async function currentRules(db: Db): Promise<Rule[]> {
  return (await keptRules(db)).rules;
}

/** Forgets the kept rules (tests that change rules behind the server's back). */
export function forgetRules(): void {
  cached = undefined;
}

const KIND_DEFS: Record<AlarmDeviceKind, DeviceKindDef> = { battery: BATTERY_KIND, cabinet: CABINET_KIND, vehicle: VEHICLE_KIND };
/** Evaluation reads every tenant's devices. */
export const EVERY_TENANT = {
  principal: { id: 0, username: '', name: '', type: 'SUPER' as const, accountType: 'PLATFORM' as const, merchantId: null },
};

/** What evaluation reads of a device: its owner and type choose the rules watching it. */
export type WatchedDevice = Pick<DeviceRow, 'id' | 'number' | 'typeId' | 'merchantId'>;

/** A device as its telemetry write answered it: with its alarms not cleared when the write read them (JSON text, `alarmsAlongside`). */
export type ReportedDevice = WatchedDevice & { alarms?: string };

/**
 * The alarms not cleared of the devices `devices` (a SELECT of ids) names, one row per device that
 * has any: its id (`device_id`) and its alarms as one JSON text (`rows`). An index range of
 * `alarm_active_uq` per device.
 */
function activeAlarmsRead(kind: AlarmDeviceKind, devices: SQL): SQL {
  return sql`select device_id, json_agg(json_build_array(id, rule_id, compartment, state, (extract(epoch from opened_at) * 1000)::bigint,
      value, detail, (extract(epoch from last_seen_at) * 1000)::bigint))::text as rows
    from ${alarms} where kind = ${kind} and device_id in (${devices}) and state <> 'CLEARED' group by device_id`;
}

/** An alarms' JSON text as `activeAlarmsRead` answers it, by rule and compartment. */
function activeByKey(rows: string): Map<string, Active> {
  const byKey = new Map<string, Active>();
  for (const [id, ruleId, compartment, alarmState, openedAt, value, detail, lastSeenAt] of JSON.parse(rows) as [
    number,
    number | null,
    number,
    string,
    number,
    number | null,
    string,
    number,
  ][])
    byKey.set(`${ruleId}/${compartment}`, { id, ruleId, compartment, alarmState, openedAt: new Date(openedAt), value, detail, lastSeenAt });
  return byKey;
}

/**
 * What a telemetry write reads beside each kind's devices for the rule step (docs/alarms.md,
 * "Evaluation"): their alarms not cleared, in the write's own statement, so the step reads nothing
 * more. None when no enabled rule watches the kind (nothing is read at all).
 */
export async function alarmsAlongside(db: Db): Promise<((kind: AlarmDeviceKind, devices: SQL) => SQL | undefined) | undefined> {
  const kept = await keptRules(db);
  if (kept.rules.length === 0) return undefined;
  const kinds = new Set(kept.rules.map((rule) => rule.alarmKind));
  return (kind, devices) => (kinds.has(kind) ? activeAlarmsRead(kind, devices) : undefined);
}

/**
 * A line of rule steps run one after the other (the device link's batches: docs/alarms.md,
 * "Evaluation"). A batch's write runs beside the step before it, so what it read of the alarms may
 * be older than that step's changes: the next step takes the alarms of the devices that step
 * changed from what its statement answered, and reads again those of a device it could not tell
 * (an alarm another server opened first). A write that begins with no step running reads what
 * every step wrote: the next step takes what it read.
 */
export class AlarmSteps {
  /** By `kind/deviceId`: the device's alarms not cleared after the last step, or undefined: to be read again. */
  last = new Map<string, Map<string, Active> | undefined>();
  running = false;

  /** A batch's write begins (before its statement is sent). */
  writeBegins(): void {
    if (!this.running) this.last = new Map();
  }
}

/**
 * The rules that watch a device: the platform's and its owner's of its kind; a rule naming the
 * device's type replaces, for that device, the same owner's rule of the same parameter naming no type.
 */
function rulesOf(device: WatchedDevice, kindRules: Rule[]): Rule[] {
  const own = kindRules.filter(
    (r) => (r.merchantId === null || r.merchantId === device.merchantId) && (r.deviceTypeId === null || r.deviceTypeId === device.typeId),
  );
  const typed = new Set(own.filter((r) => r.deviceTypeId !== null).map((r) => `${r.merchantId}/${r.parameter}`));
  return own.filter((r) => r.deviceTypeId !== null || !typed.has(`${r.merchantId}/${r.parameter}`));
}

/** The rules watching devices of this kind, owner and type: worked out once while the rules are kept. */
function watchingRules(kept: NonNullable<typeof cached>, kind: AlarmDeviceKind, device: WatchedDevice): Rule[] {
  const key = `${kind}/${device.merchantId}/${device.typeId}`;
  let rules = kept.watching.get(key);
  if (!rules) {
    rules = rulesOf(
      device,
      kept.rules.filter((r) => r.alarmKind === kind),
    );
    kept.watching.set(key, rules);
  }
  return rules;
}

/**
 * What a reading means for a rule: `raise` when inside the alarm range (or the condition holds),
 * `clear` when outside it by at least the clear margin (hysteresis), `keep` in between, and
 * undefined when the report does not carry the parameter.
 */
export function verdict(rule: Pick<Rule, 'parameter' | 'rangeFrom' | 'rangeTo' | 'clearMargin'>, value: number | boolean | undefined) {
  if (value === undefined) return undefined;
  if (CONDITION_PARAMETERS.includes(rule.parameter) || typeof value === 'boolean') return value === true ? 'raise' : 'clear';
  const { rangeFrom: from, rangeTo: to, clearMargin: margin } = rule;
  const inside = (from === null || value >= from) && (to === null || value <= to);
  if (inside) return 'raise';
  const wellOutside = (from !== null && value < from - margin) || (to !== null && value > to + margin);
  return wellOutside ? 'clear' : 'keep';
}

/** A new alarm just opened: who is told (the device's owner and the platform) and how. */
export interface OpenedAlarm {
  kind: AlarmDeviceKind;
  number: string;
  merchantId: number | null;
  level: AlarmLevel;
  header: boolean;
}

export type { AlarmChange, AnnounceAlarm } from './alarm.change.js';

/** An alarm not cleared, as evaluation reads it. */
interface Active {
  id: number;
  ruleId: number | null;
  compartment: number;
  alarmState: string;
  openedAt: Date;
  value: number | null;
  detail: string;
  /** Epoch ms. */
  lastSeenAt: number;
}

/**
 * An alarm that stays as it is (open, acknowledged or pending) takes a report's value at once when
 * it is worse than its own (`worse`) and a fault detail that differs from its own; any other
 * differing value, and the last-seen time, at most this often (docs/alarms.md, "Evaluation"):
 * rewriting every alarm at every report whose reading drifted was most of the rule step's write
 * (docs/scaling.md, "Alarm rules on the ingest path").
 */
export const ALARM_SEEN_REFRESH_MS = 30_000;

/**
 * How deep a value lies in a rule's range: its distance to the nearer bound the rule has, negative
 * outside the range (in the clear margin). A value deeper than another is worse.
 */
function depth(rule: Pick<Rule, 'rangeFrom' | 'rangeTo'>, value: number): number {
  return Math.min(
    rule.rangeFrom === null ? Number.POSITIVE_INFINITY : value - rule.rangeFrom,
    rule.rangeTo === null ? Number.POSITIVE_INFINITY : rule.rangeTo - value,
  );
}

/**
 * Whether a report changes nothing an alarm must show now: its value is not worse than the alarm's
 * (or the same), its fault detail the same, and the alarm was last written less than
 * ALARM_SEEN_REFRESH_MS ago.
 */
function unchangedBy(rule: Rule, row: Active, value: number | null, detail: string | null, now: Date): boolean {
  if (detail !== null && detail !== row.detail) return false;
  if (now.getTime() - row.lastSeenAt >= ALARM_SEEN_REFRESH_MS) return false;
  return value === null || value === row.value || (row.value !== null && depth(rule, value) <= depth(rule, row.value));
}

/** What a batch's readings do to the alarms, all kinds together, written in one statement. */
interface Changes {
  /** New alarms, as the statement's JSON recordset names their columns. */
  inserts: {
    merchant_id: number | null;
    kind: AlarmDeviceKind;
    device_id: number;
    device_number: string;
    compartment: number;
    detail: string;
    rule_id: number;
    parameter: AlarmParameter;
    level: AlarmLevel;
    content: string;
    state: 'OPEN' | 'PENDING';
    header: boolean;
    value: number | null;
  }[];
  updates: { id: number; state: string; value: number | null; detail: string | null; opened: boolean; cleared: boolean }[];
  dropped: number[];
  /** Batteries whose alarm status may change (docs/alarms.md, "Evaluation"). */
  touched: Set<number>;
  rules: Map<number, Rule>;
  /** The devices changed, by `kind/deviceId`: their alarms not cleared as the step read them, and how many rows the statement should answer. */
  devices: Map<string, { alarms: Map<string, Active>; answers: number }>;
}

/**
 * Checks each device's latest readings against the enabled rules and keeps its alarms in step
 * (docs/alarms.md, "Evaluation"): an alarm opens once the condition has held for the rule's hold
 * time (until then it waits as PENDING, in the database, so a restart forgets nothing), stays one
 * row per device and rule while not cleared (a unique index: two servers or two batches never open
 * two), takes each new reading while open, and clears once the reading is outside the range by
 * the clear margin. A battery's alarm status follows its open alarms. Answers the alarms opened.
 * A batch costs a fixed number of statements, however many its readings (docs/scaling.md, "Alarm
 * rules on the ingest path"): one write of all its changes, and a read of the alarms not cleared
 * per kind only for the devices the caller did not read them for (`alarmsAlongside`, `steps`).
 */
export async function evaluateAlarms(
  db: Db,
  readings: readonly Reading[],
  now = new Date(),
  announceCleared?: AnnounceAlarm,
  steps?: AlarmSteps,
): Promise<OpenedAlarm[]> {
  const before = steps?.last;
  if (steps) {
    steps.last = new Map();
    steps.running = true;
  }
  try {
    return await evaluateReadings(db, readings, now, announceCleared, steps, before);
  } finally {
    if (steps) steps.running = false;
  }
}

async function evaluateReadings(
  db: Db,
  readings: readonly Reading[],
  now: Date,
  announceCleared: AnnounceAlarm | undefined,
  steps: AlarmSteps | undefined,
  before: AlarmSteps['last'] | undefined,
): Promise<OpenedAlarm[]> {
  if (readings.length === 0) return [];
  const kept = await keptRules(db);
  if (kept.rules.length === 0) return [];
  const changes: Changes = { inserts: [], updates: [], dropped: [], touched: new Set(), rules: new Map(), devices: new Map() };
  for (const kind of ['battery', 'cabinet', 'vehicle'] as const) {
    const ofKind = readings.filter((r) => r.kind === kind);
    // Only a kind with a rule whose parameter the readings carry (a cabinet's state carries its doors, its telemetry the rest).
    if (
      ofKind.length === 0 ||
      !kept.rules.some((r) => r.alarmKind === kind && ofKind.some((reading) => reading.values[r.parameter] !== undefined))
    )
      continue;
    await planKind(db, kept, kind, ofKind, now, changes, before);
  }
  // Until the statement answers, the devices it changes are to be read again.
  if (steps) for (const key of changes.devices.keys()) steps.last.set(key, undefined);
  const { opened, cleared } = await writeChanges(db, changes, now, steps);
  // Once committed: an alarm that cleared on its own is news to the screens counting alarms.
  for (const change of cleared) announceCleared?.(change);
  return opened;
}

/** One kind's readings against the rules watching each device, as changes to write. */
async function planKind(
  db: Db,
  kept: NonNullable<typeof cached>,
  kind: AlarmDeviceKind,
  readings: Reading[],
  now: Date,
  changes: Changes,
  before: AlarmSteps['last'] | undefined,
): Promise<void> {
  const byNumber = new Map<string, ReportedDevice>();
  const unknown: string[] = [];
  for (const reading of readings) {
    if (reading.device) byNumber.set(reading.number, reading.device);
    else unknown.push(reading.number);
  }
  if (unknown.length) {
    for (const device of await KIND_DEFS[kind].findDevices(db, EVERY_TENANT, { ids: [], numbers: unknown }, false))
      byNumber.set(device.number, device);
  }
  if (byNumber.size === 0) return;
  // The alarms not cleared: as the telemetry write read them, those of the devices the last step
  // changed as its statement answered them, and the others read here, one parameter for every
  // device however many (an array literal of their ids) and one JSON text per device.
  const activeOf = new Map<number, Map<string, Active>>();
  const toRead: number[] = [];
  for (const device of byNumber.values()) {
    const key = `${kind}/${device.id}`;
    if (device.alarms === undefined) toRead.push(device.id);
    else if (before?.has(key)) {
      const known = before.get(key);
      if (known) activeOf.set(device.id, new Map(known));
      else toRead.push(device.id);
    } else if (device.alarms !== '[]') activeOf.set(device.id, activeByKey(device.alarms));
  }
  if (toRead.length) {
    const found = rowsOf<{ device_id: number; rows: string }>(
      await db.execute(activeAlarmsRead(kind, sql`select unnest(${`{${toRead.join(',')}}`}::int[])`)),
    );
    for (const row of found) activeOf.set(row.device_id, activeByKey(row.rows));
  }

  for (const reading of readings) {
    const device = byNumber.get(reading.number);
    if (!device) continue;
    const ofDevice = activeOf.get(device.id);
    const compartment = reading.compartment ?? 0;
    const planned = changes.inserts.length + changes.updates.length + changes.dropped.length;
    const answered = changes.inserts.length + changes.updates.length;
    for (const rule of watchingRules(kept, kind, device)) {
      const raw = reading.values[rule.parameter];
      const said = verdict(rule, raw);
      if (said === undefined) continue;
      const row = ofDevice?.get(`${rule.id}/${compartment}`);
      // Most readings of most rules: nothing open, nothing to open.
      if (!row && said !== 'raise') continue;
      changes.rules.set(rule.id, rule);
      const value = typeof raw === 'number' ? raw : null;
      const detail = reading.detail ?? null;
      if (!row) {
        const open = rule.holdSeconds === 0;
        if (open && kind === 'battery') changes.touched.add(device.id);
        changes.inserts.push({
          merchant_id: device.merchantId,
          kind,
          device_id: device.id,
          device_number: device.number,
          compartment,
          detail: detail ?? '',
          rule_id: rule.id,
          parameter: rule.parameter,
          level: rule.level,
          content: rule.content,
          state: open ? 'OPEN' : 'PENDING',
          header: rule.notifications.includes('HEADER'),
          value,
        });
      } else if (row.alarmState === 'PENDING') {
        if (said !== 'raise') changes.dropped.push(row.id);
        else if (now.getTime() - row.openedAt.getTime() >= rule.holdSeconds * 1000) {
          if (kind === 'battery') changes.touched.add(device.id);
          changes.updates.push({ id: row.id, state: 'OPEN', value, detail, opened: true, cleared: false });
        } else if (!unchangedBy(rule, row, value, detail, now))
          changes.updates.push({ id: row.id, state: 'PENDING', value, detail, opened: false, cleared: false });
      } else if (said === 'clear') {
        changes.updates.push({ id: row.id, state: 'CLEARED', value, detail, opened: false, cleared: true });
        if (kind === 'battery') changes.touched.add(device.id);
      } else if (!unchangedBy(rule, row, value, detail, now))
        changes.updates.push({ id: row.id, state: row.alarmState, value, detail, opened: false, cleared: false });
    }
    if (changes.inserts.length + changes.updates.length + changes.dropped.length > planned) {
      const key = `${kind}/${device.id}`;
      const seen = changes.devices.get(key) ?? { alarms: new Map(ofDevice ?? []), answers: 0 };
      seen.answers += changes.inserts.length + changes.updates.length - answered;
      changes.devices.set(key, seen);
    }
  }
}

/**
 * Writes a batch's alarm changes as one statement (docs/scaling.md, "Alarm rules on the ingest
 * path"): the opened alarms (another batch or server may have opened the same alarm meanwhile: the
 * unique index keeps one), the changed and the dropped ones, and the device log lines of those
 * opened and cleared (docs/alarms.md, "Device log"), and the alarm status of the batteries whose
 * alarms open or clear, whatever their number. When alarms may open with a webhook, the deliveries
 * are written in the same transaction: the alarms, their log lines and their deliveries stand or
 * fall together (docs/alarms.md, "Webhooks"). Answers the alarms opened, and those cleared to announce.
 */
async function writeChanges(
  db: Db,
  changes: Changes,
  now: Date,
  steps: AlarmSteps | undefined,
): Promise<{ opened: OpenedAlarm[]; cleared: AlarmChange[] }> {
  const { inserts, updates, dropped, touched, rules } = changes;
  if (inserts.length === 0 && updates.length === 0 && dropped.length === 0) return { opened: [], cleared: [] };
  const at = now.toISOString();
  // Most batches only keep open alarms up to date: then the statement is their update alone.
  const told = inserts.some((row) => row.state === 'OPEN') || updates.some((row) => row.opened || row.cleared);
  const parts: SQL[] = [];
  const answered: SQL[] = [];
  if (inserts.length > 0 || told || updates.length === 0) {
    parts.push(sql`added as (
      insert into ${alarms} (merchant_id, kind, device_id, device_number, compartment, detail, rule_id, parameter, level, content, state, header, value, opened_at, last_seen_at)
      select merchant_id, kind, device_id, device_number, compartment, detail, rule_id, parameter, level, content, state, header, value, ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb) as v(merchant_id int, kind text, device_id int, device_number text, compartment int,
        detail text, rule_id int, parameter text, level text, content text, state text, header boolean, value float8)
      on conflict (kind, device_id, rule_id, compartment) where state <> 'CLEARED' do nothing
      returning id, kind, rule_id, device_id, device_number, merchant_id, level, header, content, state = 'OPEN' as opened, false as cleared,
        compartment, state, value, detail, opened_at, last_seen_at)`);
    answered.push(sql`select * from added`);
  }
  if (updates.length > 0 || told) {
    parts.push(sql`changed as (
      update ${alarms} a set state = case when v.opened or v.cleared then v.state else a.state end,
        value = coalesce(v.value, a.value), detail = coalesce(v.detail, a.detail), last_seen_at = ${at}::timestamptz,
        opened_at = case when v.opened then ${at}::timestamptz else a.opened_at end,
        cleared_at = case when v.cleared then ${at}::timestamptz else a.cleared_at end
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id int, state text, value float8, detail text, opened boolean, cleared boolean)
      where a.id = v.id and (case when v.opened then a.state = 'PENDING' else a.state <> 'CLEARED' end)
      returning a.id, a.kind, a.rule_id, a.device_id, a.device_number, a.merchant_id, a.level, a.header, a.content, v.opened, v.cleared,
        a.compartment, a.state, a.value, a.detail, a.opened_at, a.last_seen_at)`);
    answered.push(sql`select * from changed`);
  }
  if (dropped.length > 0)
    parts.push(
      sql`dropped as (delete from ${alarms} where id in (select value::int from jsonb_array_elements_text(${JSON.stringify(dropped)}::jsonb)) and state = 'PENDING')`,
    );
  if (told) {
    parts.push(
      sql`told as (select * from changed where cleared union all select * from added where opened union all select * from changed where opened)`,
      sql`logged as (${insertDeviceLogRows(sql`select kind, device_id, merchant_id, 'alarm',
      case when cleared then ${'deviceLogAlarmCleared' satisfies MessageKey} else ${'deviceLogAlarmRaised' satisfies MessageKey} end,
      jsonb_build_object('content', content), ${at}::timestamptz from told`)})`,
    );
    if (touched.size > 0) parts.push(followedStatus([...touched]));
  }
  const statement = sql`with ${sql.join(parts, sql`, `)}
    select id, kind, rule_id, device_id, device_number, merchant_id, level, header, content, opened, cleared, compartment, state, value, detail,
      (extract(epoch from opened_at) * 1000)::bigint as opened_ms, (extract(epoch from last_seen_at) * 1000)::bigint as seen_ms
    from (${sql.join(answered, sql` union all `)}) answered`;
  // Alarms opening with a webhook: their deliveries stand or fall with them.
  const webhooks = told && [...rules.values()].some((rule) => rule.notifications.includes('WEBHOOK'));
  const written = async (tx: Db) => {
    const rows = rowsOf<Record<string, unknown>>(await tx.execute(statement)).map((row) => ({
      id: row['id'] as number,
      kind: row['kind'] as AlarmDeviceKind,
      ruleId: (row['rule_id'] as number | null) ?? null,
      deviceId: row['device_id'] as number,
      number: row['device_number'] as string,
      merchantId: (row['merchant_id'] as number | null) ?? null,
      level: row['level'] as AlarmLevel,
      header: row['header'] as boolean,
      opened: row['opened'] === true,
      cleared: row['cleared'] === true,
      compartment: row['compartment'] as number,
      alarmState: row['state'] as string,
      value: (row['value'] as number | null) ?? null,
      detail: row['detail'] as string,
      openedAt: Number(row['opened_ms']),
      lastSeenAt: Number(row['seen_ms']),
    }));
    const opened = rows.filter((row) => row.opened);
    // The levels' webhooks hear the alarms opened (docs/alarms.md, "Webhooks").
    if (webhooks) await queueAlarmWebhooks(tx, hookedBy(rules, opened));
    return rows;
  };
  const rows = webhooks ? await db.transaction(written) : await written(db);
  if (steps) {
    // What the next step takes for these devices: their alarms as the statement left them; a device
    // with a row it did not answer (another server's alarm opened first) is read again.
    for (const id of dropped)
      for (const seen of changes.devices.values()) for (const [key, row] of seen.alarms) if (row.id === id) seen.alarms.delete(key);
    for (const row of rows) {
      const seen = changes.devices.get(`${row.kind}/${row.deviceId}`);
      if (!seen) continue;
      seen.answers--;
      const key = `${row.ruleId}/${row.compartment}`;
      if (row.alarmState === 'CLEARED') seen.alarms.delete(key);
      else seen.alarms.set(key, { ...row, openedAt: new Date(row.openedAt) });
    }
    for (const [key, seen] of changes.devices) steps.last.set(key, seen.answers === 0 ? seen.alarms : undefined);
  }
  return {
    opened: rows
      .filter((row) => row.opened)
      .map(({ kind, number, merchantId, level, header }) => ({ kind, number, merchantId, level, header })),
    cleared: rows.filter((row) => row.cleared).map(({ kind, number, merchantId }) => ({ kind, number, merchantId })),
  };
}

/**
 * The alarm status of the batteries a batch's changes touch, as CTEs of the changes' statement
 * (followAlarmStatus in the same round trip): the statement's parts see the alarms as they were
 * before it, so a battery is alarmed by its open or acknowledged alarms that the statement does not
 * clear, and by those it opens.
 */
function followedStatus(batteryIds: number[]): SQL {
  const ids = `{${batteryIds.join(',')}}`;
  return sql`alarmed as (select device_id from ${alarms} where kind = 'battery' and device_id in (select unnest(${ids}::int[]))
        and state in ('OPEN', 'ACKNOWLEDGED') and id not in (select id from changed where cleared)
      union select device_id from added where opened and kind = 'battery'
      union select device_id from changed where opened and kind = 'battery'),
    status as (${batteryAlarmStatusUpdate(batteryIds, sql`select device_id from alarmed`)})`;
}

/** Alarms just opened, each with its rule's notifications (a webhook's delivery is queued when they name it). */
const hookedBy = (
  rules: ReadonlyMap<number, Rule>,
  opened: readonly { id: number; level: AlarmLevel; ruleId: number | null }[],
): HookedAlarm[] =>
  opened.map((row) => ({
    id: row.id,
    level: row.level,
    notifications: (row.ruleId !== null ? rules.get(row.ruleId)?.notifications : undefined) ?? [],
  }));

/**
 * A compartment's door or fault waits out its rule's hold with no later report to open it: a
 * cabinet sends its state on change only (the door closing drops the waiting alarm). The periodic
 * check (15 s) opens those whose hold has passed (docs/alarms.md, "Parameters"); answers them.
 */
export async function openHeldAlarms(db: Db, now = new Date()): Promise<OpenedAlarm[]> {
  // Opened with their webhook deliveries and device log lines, in one transaction.
  const opened = await db.transaction(async (tx) => {
    const at = now.toISOString();
    const opened = await tx
      .update(alarms)
      .set({ alarmState: 'OPEN', openedAt: now, lastSeenAt: now })
      .where(
        and(
          eq(alarms.alarmState, 'PENDING'),
          inArray(alarms.parameter, COMPARTMENT_PARAMETERS),
          sql`exists (select 1 from ${alarmRules} r where r.id = ${alarms.ruleId} and r.enabled
            and ${alarms.openedAt} + r.hold_seconds * interval '1 second' <= ${at}::timestamptz)`,
        ),
      )
      .returning();
    if (opened.length === 0) return opened;
    const rules = new Map((await currentRules(tx)).map((rule) => [rule.id, rule]));
    await queueAlarmWebhooks(tx, hookedBy(rules, opened));
    await appendDeviceLog(
      tx,
      opened.map((row) => alarmLogLine(row.alarmKind as AlarmDeviceKind, row, true, now)),
    );
    return opened;
  });
  return opened.map((row) => ({
    kind: row.alarmKind as AlarmDeviceKind,
    number: row.deviceNumber,
    merchantId: row.merchantId,
    level: row.level,
    header: row.header,
  }));
}

/** A battery's alarm status is ALARM while it has an open or acknowledged alarm, NORMAL otherwise. */
export async function followAlarmStatus(db: Db, batteryIds: number[]): Promise<void> {
  if (batteryIds.length === 0) return;
  const alarmed = await db
    .selectDistinct({ id: alarms.deviceId })
    .from(alarms)
    .where(
      and(eq(alarms.alarmKind, 'battery'), inArray(alarms.deviceId, batteryIds), inArray(alarms.alarmState, ['OPEN', 'ACKNOWLEDGED'])),
    );
  const ids = new Set(alarmed.map((row) => row.id));
  await setBatteryAlarmStatus(db, {
    alarm: [...ids],
    normal: batteryIds.filter((id) => !ids.has(id)),
  });
}

/**
 * Clears the alarms a rule's change retires (`ofRule`: the rule's alarms not cleared) in the change's
 * own transaction, each audited as cleared by the account that changed the rule, naming the rule
 * (docs/alarms.md, "Rules", "Business rules"). Answers the alarms cleared.
 */
export async function clearAlarmsRetiredBy(
  ctx: Ctx,
  tx: Db,
  ofRule: SQL | undefined,
  rule: { ruleId: number } | { businessRuleId: number },
  now: Date,
): Promise<(typeof alarms.$inferSelect)[]> {
  const before = await tx.select({ id: alarms.id, alarmState: alarms.alarmState }).from(alarms).where(ofRule).for('update');
  if (before.length === 0) return [];
  const cleared = await tx
    .update(alarms)
    .set({ alarmState: 'CLEARED', clearedAt: now, lastSeenAt: now })
    .where(
      inArray(
        alarms.id,
        before.map((row) => row.id),
      ),
    )
    .returning();
  for (const row of before)
    await recordAudit(tx, ctx, {
      action: 'alarm.clear',
      objectType: 'alarm',
      objectId: row.id,
      changes: { alarmState: [row.alarmState, 'CLEARED'], ...rule },
    });
  return cleared;
}

/**
 * A device rule disabled, removed, or set to watch something else (another kind, parameter or
 * type) clears its alarms in the change's own transaction (docs/alarms.md, "Rules"): nothing would
 * ever clear them. Each is written to its device's log as cleared and audited as cleared by the
 * account that changed the rule; alarms still waiting out their hold are dropped. Answers the
 * alarms cleared, to be announced once committed as any other clear.
 */
export async function clearAlarmsOfRule(ctx: Ctx, tx: Db, ruleId: number, now = new Date()): Promise<AlarmChange[]> {
  const ofRule = and(eq(alarms.ruleId, ruleId), ne(alarms.alarmState, 'CLEARED'));
  await tx.delete(alarms).where(and(ofRule, eq(alarms.alarmState, 'PENDING')));
  const cleared = await clearAlarmsRetiredBy(ctx, tx, ofRule, { ruleId }, now);
  if (cleared.length === 0) return [];
  await appendDeviceLog(
    tx,
    cleared.map((row) => alarmLogLine(row.alarmKind as AlarmDeviceKind, row, false, now)),
  );
  await followAlarmStatus(
    tx,
    cleared.filter((row) => row.alarmKind === 'battery').map((row) => row.deviceId),
  );
  return cleared.map((row) => ({ kind: row.alarmKind as AlarmDeviceKind, number: row.deviceNumber, merchantId: row.merchantId }));
}

/**
 * Alarms no enabled rule watches clear (docs/alarms.md, "Rules"): left by a rule disabled or removed
 * on another server, or before this server cleared a rule's alarms with its change. Alarms still
 * waiting out their hold are dropped. Run by the periodic business check.
 */
export async function clearRetiredRuleAlarms(db: Db, now = new Date(), announce?: AnnounceAlarm): Promise<number> {
  const retired = sql`${alarms.alarmKind} <> 'business' and ${alarms.alarmState} <> 'CLEARED'
    and (${alarms.ruleId} is null or ${alarms.ruleId} in (select ${alarmRules.id} from ${alarmRules} where not ${alarmRules.enabled}))`;
  await db.delete(alarms).where(and(retired, eq(alarms.alarmState, 'PENDING')));
  const cleared = await db.update(alarms).set({ alarmState: 'CLEARED', clearedAt: now, lastSeenAt: now }).where(retired).returning();
  if (cleared.length === 0) return 0;
  await appendDeviceLog(
    db,
    cleared.filter((row) => row.alarmKind !== 'business').map((row) => alarmLogLine(row.alarmKind as AlarmDeviceKind, row, false, now)),
  );
  await followAlarmStatus(
    db,
    cleared.filter((row) => row.alarmKind === 'battery').map((row) => row.deviceId),
  );
  for (const row of cleared) announce?.({ kind: row.alarmKind as AlarmDeviceKind, number: row.deviceNumber, merchantId: row.merchantId });
  return cleared.length;
}
