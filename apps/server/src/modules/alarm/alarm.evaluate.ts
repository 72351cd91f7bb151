import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  COMPARTMENT_PARAMETERS,
  CONDITION_PARAMETERS,
  type AlarmDeviceKind,
  type AlarmLevel,
  type AlarmParameter,
  type BatteryTelemetry,
  type CabinetTelemetry,
  type CompartmentReport,
  type VehicleTelemetry,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { recordAudit } from '../audit-log/index.js';
import type { DeviceKindDef, DeviceRow } from '../device-registry/index.js';
import { BATTERY_KIND, setBatteryAlarmStatus } from '../battery/index.js';
import { CABINET_KIND } from '../cabinet/index.js';
import { VEHICLE_KIND } from '../vehicle/index.js';
import { appendDeviceLog, type DeviceLogEntry } from '../device-log/index.js';
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

/** The last report of each device in the batch, as readings. */
export function readingsOf(reports: readonly ReportedTelemetry[]): Reading[] {
  const last = new Map<string, ReportedTelemetry>();
  for (const report of reports) last.set(`${report.kind}/${report.number}`, report);
  return [...last.values()].map((report) => ({ kind: report.kind, number: report.number, values: valuesOf(report), ...faultOf(report) }));
}

type Rule = Awaited<ReturnType<typeof enabledRules>>[number];

/** Rules are read once and kept: a change on this server drops them at once, another server's within RULES_TTL_MS. */
const RULES_TTL_MS = 30_000;
let cached: { rules: Rule[]; at: number } | undefined;
whenRulesChange(() => (cached = undefined));
whenRuleRetires((ctx, tx, ruleId) => clearAlarmsOfRule(ctx, tx, ruleId));

async function currentRules(db: Db): Promise<Rule[]> {
  if (!cached || Date.now() - cached.at > RULES_TTL_MS) cached = { rules: await enabledRules(db), at: Date.now() };
  return cached.rules;
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

/**
 * The rules that watch a device: the platform's and its owner's of its kind; a rule naming the
 * device's type replaces, for that device, the same owner's rule of the same parameter naming no type.
 */
function rulesOf(device: DeviceRow, kindRules: Rule[]): Rule[] {
  const own = kindRules.filter(
    (r) => (r.merchantId === null || r.merchantId === device.merchantId) && (r.deviceTypeId === null || r.deviceTypeId === device.typeId),
  );
  const typed = new Set(own.filter((r) => r.deviceTypeId !== null).map((r) => `${r.merchantId}/${r.parameter}`));
  return own.filter((r) => r.deviceTypeId !== null || !typed.has(`${r.merchantId}/${r.parameter}`));
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

type Active = typeof alarms.$inferSelect;

export type { AlarmChange, AnnounceAlarm } from './alarm.change.js';

/**
 * Checks each device's latest readings against the enabled rules and keeps its alarms in step
 * (docs/alarms.md, "Evaluation"): an alarm opens once the condition has held for the rule's hold
 * time (until then it waits as PENDING, in the database, so a restart forgets nothing), stays one
 * row per device and rule while not cleared (a unique index: two servers or two batches never open
 * two), takes each new reading while open, and clears once the reading is outside the range by
 * the clear margin. A battery's alarm status follows its open alarms. Answers the alarms opened.
 */
export async function evaluateAlarms(
  db: Db,
  readings: readonly Reading[],
  now = new Date(),
  announceCleared?: AnnounceAlarm,
): Promise<OpenedAlarm[]> {
  if (readings.length === 0) return [];
  const rules = await currentRules(db);
  if (rules.length === 0) return [];
  const opened: OpenedAlarm[] = [];
  for (const kind of ['battery', 'cabinet', 'vehicle'] as const) {
    const ofKind = readings.filter((r) => r.kind === kind);
    // Only the rules whose parameter the readings carry (a cabinet's state carries its doors, its telemetry the rest).
    const kindRules = rules.filter((r) => r.alarmKind === kind && ofKind.some((reading) => reading.values[r.parameter] !== undefined));
    if (kindRules.length === 0 || ofKind.length === 0) continue;
    const cleared: AlarmChange[] = [];
    opened.push(...(await evaluateKind(db, kind, kindRules, ofKind, now, cleared)));
    // Once committed: an alarm that cleared on its own is news to the screens counting alarms.
    for (const change of cleared) announceCleared?.(change);
  }
  return opened;
}

async function evaluateKind(
  db: Db,
  kind: AlarmDeviceKind,
  kindRules: Rule[],
  readings: Reading[],
  now: Date,
  cleared: AlarmChange[],
): Promise<OpenedAlarm[]> {
  const devices = await KIND_DEFS[kind].findDevices(db, EVERY_TENANT, { ids: [], numbers: readings.map((r) => r.number) }, false);
  if (devices.length === 0) return [];
  const byNumber = new Map(devices.map((d) => [d.number, d]));
  const active = await db
    .select()
    .from(alarms)
    .where(
      and(
        eq(alarms.alarmKind, kind),
        inArray(
          alarms.deviceId,
          devices.map((d) => d.id),
        ),
        ne(alarms.alarmState, 'CLEARED'),
      ),
    );
  const activeOf = new Map(active.map((a) => [`${a.deviceId}/${a.ruleId}/${a.compartment}`, a]));

  const inserts: (typeof alarms.$inferInsert)[] = [];
  const updates: { id: number; state: string; value: number | null; detail: string | null; opened: boolean; cleared: boolean }[] = [];
  const dropped: number[] = [];
  const touched = new Set<number>();
  for (const reading of readings) {
    const device = byNumber.get(reading.number);
    if (!device) continue;
    for (const rule of rulesOf(device, kindRules)) {
      const raw = reading.values[rule.parameter];
      const said = verdict(rule, raw);
      if (said === undefined) continue;
      const value = typeof raw === 'number' ? raw : null;
      const compartment = reading.compartment ?? 0;
      const detail = reading.detail ?? null;
      const row: Active | undefined = activeOf.get(`${device.id}/${rule.id}/${compartment}`);
      if (said === 'raise' && !row) {
        const open = rule.holdSeconds === 0;
        inserts.push({
          merchantId: device.merchantId,
          alarmKind: kind,
          deviceId: device.id,
          deviceNumber: device.number,
          compartment,
          detail: detail ?? '',
          ruleId: rule.id,
          parameter: rule.parameter,
          level: rule.level,
          content: rule.content,
          alarmState: open ? 'OPEN' : 'PENDING',
          header: rule.notifications.includes('HEADER'),
          value,
          openedAt: now,
          lastSeenAt: now,
        });
      } else if (row && row.alarmState === 'PENDING') {
        if (said !== 'raise') dropped.push(row.id);
        else if (now.getTime() - row.openedAt.getTime() >= rule.holdSeconds * 1000) {
          updates.push({ id: row.id, state: 'OPEN', value, detail, opened: true, cleared: false });
        } else updates.push({ id: row.id, state: 'PENDING', value, detail, opened: false, cleared: false });
      } else if (row) {
        if (said === 'clear') {
          updates.push({ id: row.id, state: 'CLEARED', value, detail, opened: false, cleared: true });
          touched.add(device.id);
        } else updates.push({ id: row.id, state: row.alarmState, value, detail, opened: false, cleared: false });
      }
    }
  }

  const ruleOf = new Map(kindRules.map((rule) => [rule.id, rule]));
  const hooked: HookedAlarm[] = [];
  const hook = (id: number, ruleId: number | null, level: AlarmLevel) =>
    hooked.push({ id, level, notifications: (ruleId !== null ? ruleOf.get(ruleId)?.notifications : undefined) ?? [] });
  const openedRows: {
    deviceId: number;
    deviceNumber: string;
    merchantId: number | null;
    level: AlarmLevel;
    header: boolean;
    content: string;
  }[] = [];
  const logged: DeviceLogEntry[] = [];
  // The alarms, their device log lines and their webhook deliveries stand or fall together: a crash
  // between them loses no delivery of an alarm that opened (docs/alarms.md, "Webhooks").
  await db.transaction(async (tx) => {
    if (inserts.length) {
      // Another batch or server may have opened the same alarm meanwhile: the unique index keeps one.
      const added = await tx
        .insert(alarms)
        .values(inserts)
        .onConflictDoNothing({
          target: [alarms.alarmKind, alarms.deviceId, alarms.ruleId, alarms.compartment],
          where: sql`state <> 'CLEARED'`,
        })
        .returning();
      for (const row of added)
        if (row.alarmState === 'OPEN') {
          openedRows.push(row);
          hook(row.id, row.ruleId, row.level);
        }
    }
    if (updates.length) {
      const changed = await tx.execute(sql`
        update ${alarms} a set state = v.state, value = coalesce(v.value, a.value), detail = coalesce(v.detail, a.detail), last_seen_at = ${now.toISOString()}::timestamptz,
          opened_at = case when v.opened then ${now.toISOString()}::timestamptz else a.opened_at end,
          cleared_at = case when v.cleared then ${now.toISOString()}::timestamptz else a.cleared_at end
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id int, state text, value float8, detail text, opened boolean, cleared boolean)
        where a.id = v.id and a.state <> 'CLEARED'
        returning a.id, a.rule_id, a.device_id, a.device_number, a.merchant_id, a.level, a.header, a.content, v.opened, v.cleared`);
      for (const row of (changed as { rows: Record<string, unknown>[] }).rows) {
        if (row['cleared'] === true) {
          const line = { deviceId: row['device_id'] as number, merchantId: (row['merchant_id'] as number | null) ?? null };
          cleared.push({ kind, number: row['device_number'] as string, merchantId: line.merchantId });
          logged.push(alarmLogLine(kind, { ...line, content: row['content'] as string }, false, now));
        }
        if (row['opened'] === true) {
          hook(row['id'] as number, (row['rule_id'] as number | null) ?? null, row['level'] as AlarmLevel);
          openedRows.push({
            deviceId: row['device_id'] as number,
            deviceNumber: row['device_number'] as string,
            merchantId: (row['merchant_id'] as number | null) ?? null,
            level: row['level'] as AlarmLevel,
            header: row['header'] as boolean,
            content: row['content'] as string,
          });
        }
      }
    }
    if (dropped.length) await tx.delete(alarms).where(and(inArray(alarms.id, dropped), eq(alarms.alarmState, 'PENDING')));
    for (const row of openedRows) {
      touched.add(row.deviceId);
      logged.push(alarmLogLine(kind, row, true, now));
    }
    // Each device's log tells its alarms raised and cleared (docs/alarms.md, "Device log").
    await appendDeviceLog(tx, logged);
    // The levels' webhooks hear the alarms opened (docs/alarms.md, "Webhooks").
    await queueAlarmWebhooks(tx, hooked);
    if (kind === 'battery' && touched.size > 0) await followAlarmStatus(tx, [...touched]);
  });
  return openedRows.map((row) => ({ kind, number: row.deviceNumber, merchantId: row.merchantId, level: row.level, header: row.header }));
}

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
    await queueAlarmWebhooks(
      tx,
      opened.map((row) => ({
        id: row.id,
        level: row.level,
        notifications: (row.ruleId !== null ? rules.get(row.ruleId)?.notifications : undefined) ?? [],
      })),
    );
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
 * A device rule disabled, removed, or set to watch something else (another kind, parameter or
 * type) clears its alarms in the change's own transaction (docs/alarms.md, "Rules"): nothing would
 * ever clear them. Each is written to its device's log as cleared and audited as cleared by the
 * account that changed the rule; alarms still waiting out their hold are dropped. Answers the
 * alarms cleared, to be announced once committed as any other clear.
 */
export async function clearAlarmsOfRule(ctx: Ctx, tx: Db, ruleId: number, now = new Date()): Promise<AlarmChange[]> {
  const ofRule = and(eq(alarms.ruleId, ruleId), ne(alarms.alarmState, 'CLEARED'));
  await tx.delete(alarms).where(and(ofRule, eq(alarms.alarmState, 'PENDING')));
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
      changes: { alarmState: [row.alarmState, 'CLEARED'], ruleId },
    });
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
