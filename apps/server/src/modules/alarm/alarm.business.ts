import { and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import {
  BUSINESS_SUBJECT_OF,
  COMMAND_RATE_MIN_COMMANDS,
  alarmApi,
  alarmContentText,
  storedAlarmContent,
  type BusinessCondition,
  type BusinessRuleAdd,
  type BusinessRuleRecord,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { handOver } from '../../app/hand-over.js';
import { defineList } from '../../app/list.js';
import { ownedRecords } from '../../app/owned-records.js';
import { CABINET_KIND, stationsWithSwappableAtMost } from '../cabinet/index.js';
import { commandOutcomesByCabinet } from '../command/index.js';
import { appendDeviceLog, type DeviceLogEntry } from '../device-log/index.js';
import { swapFailuresByCabinet } from '../swap/index.js';
import {
  EVERY_TENANT,
  alarmLogLine,
  clearAlarmsRetiredBy,
  clearRetiredRuleAlarms,
  openHeldAlarms,
  type AnnounceAlarm,
  type OpenedAlarm,
} from './alarm.evaluate.js';

/** A business alarm just opened: its subject's name, who is told and how. */
export type OpenedBusinessAlarm = Omit<OpenedAlarm, 'kind'>;
import { alarmBusinessRules, alarms } from './alarm.table.js';
import { queueAlarmWebhooks } from './alarm.webhook.js';
import { contentHolds } from './alarm.options.js';
import { rewordAlarms } from './alarm.config.js';
import { announceSettled, changeOf, noteSettled, type AlarmChange } from './alarm.change.js';

type RuleRow = typeof alarmBusinessRules.$inferSelect;

/** The stations with these ids, their names and owners: the station module reads alarms, so it is handed over at start-up. */
type StationOwners = (db: Db, ids: number[]) => Promise<{ id: number; name: string; merchantId: number | null }[]>;
const stationOwners = handOver<StationOwners>('station owners (the station module’s stationOwners)');
export const tellAlarmStationOwners = stationOwners.tell;

/** What a rule keeps of its input: a station's swappable batteries are counted as they are, with no window. */
function businessFields(input: BusinessRuleAdd) {
  return {
    businessCondition: input.businessCondition,
    threshold: input.threshold,
    windowMinutes: input.businessCondition === 'noSwappableBattery' ? null : (input.windowMinutes ?? null),
    level: input.level,
    content: storedAlarmContent(input.content),
    notifications: [...new Set(input.notifications)],
    enabled: input.enabled,
  };
}

const presentRule = (row: RuleRow, ctx?: Ctx): BusinessRuleRecord => ({
  id: row.id,
  merchantId: row.merchantId,
  businessCondition: row.businessCondition,
  threshold: row.threshold,
  windowMinutes: row.windowMinutes,
  level: row.level,
  content: ctx ? alarmContentText(row.content, ctx.lang) : row.content,
  notifications: row.notifications,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

const records = ownedRecords({
  table: alarmBusinessRules,
  id: alarmBusinessRules.id,
  merchantId: alarmBusinessRules.merchantId,
  updatedAt: alarmBusinessRules.updatedAt,
  objectType: 'businessAlarmRule',
  fields: (input: ReturnType<typeof businessFields>) => businessFields(input as BusinessRuleAdd),
  present: presentRule,
  // Answered as the list reads it: a demo text in the reader's language.
  answer: (ctx: Ctx, id: number): Promise<BusinessRuleRecord> => businessRuleList.detail(ctx, id),
  // Its alarms clear with a change that retires the rule, or read as it reads now (docs/alarms.md, "Business rules").
  settle: async (ctx, tx, { before, after }) => {
    if (after === null || !after.enabled || after.businessCondition !== before.businessCondition) {
      noteSettled(ctx, await clearBusinessAlarmsOfRule(ctx, tx, before.id));
    } else if (after.content !== before.content || after.level !== before.level) {
      noteSettled(ctx, await rewordAlarms(tx, eq(alarms.businessRuleId, before.id), after));
    }
  },
});

/**
 * A business rule disabled, removed or set to watch another condition clears its alarms in the
 * change's own transaction: nothing would ever clear them. Each is audited as cleared (with the
 * rule's id) by the account that changed the rule, and a cabinet's written to its log. Answers
 * them, to be announced once committed.
 */
async function clearBusinessAlarmsOfRule(ctx: Ctx, tx: Db, businessRuleId: number, now = new Date()): Promise<AlarmChange[]> {
  const ofRule = and(eq(alarms.businessRuleId, businessRuleId), ne(alarms.alarmState, 'CLEARED'));
  const cleared = await clearAlarmsRetiredBy(ctx, tx, ofRule, { businessRuleId }, now);
  if (cleared.length === 0) return [];
  await appendDeviceLog(
    tx,
    cleared
      .filter((row) => BUSINESS_SUBJECT_OF[row.parameter as BusinessCondition] === 'cabinet')
      .map((row) => alarmLogLine('cabinet', row, false, now)),
  );
  return cleared.map((row) => changeOf({ ...row, kind: row.alarmKind, number: row.deviceNumber }));
}

const FEW = 'A tenant keeps a few dozen rules at most: its rows are read in full.';

export const businessRuleList = defineList({
  endpoint: alarmApi.businessRules.search,
  table: alarmBusinessRules,
  id: alarmBusinessRules.id,
  select: getTableColumns(alarmBusinessRules),
  scope: records.scope,
  filters: {
    businessCondition: { where: (condition) => eq(alarmBusinessRules.businessCondition, condition), unindexed: FEW },
    level: { where: (level) => eq(alarmBusinessRules.level, level), unindexed: FEW },
    enabled: { where: (on) => eq(alarmBusinessRules.enabled, on), unindexed: FEW },
    // As the reader reads it: a demo text in their language (docs/alarms.md, "Demo data").
    content: { where: (text, ctx) => contentHolds(alarmBusinessRules.content, text, ctx.lang), unindexed: FEW },
  },
  defaultOrder: () => ({ column: alarmBusinessRules.createdAt, direction: 'desc' }),
  count: 'exact',
  present: presentRule,
});

/**
 * Business alarm rules of the caller's tenant (System → Alarm configuration → Business alarms);
 * audited. A change that retires a rule clears its alarms, one that changes its content or level
 * rewords them; either is announced once committed.
 */
export const businessRules = {
  add: (ctx: Ctx, input: BusinessRuleAdd) => records.add(ctx, businessFields(input)),
  edit: async (ctx: Ctx, input: BusinessRuleAdd & { id: number }, announce?: AnnounceAlarm) => {
    const edited = await records.edit(ctx, { ...businessFields(input), id: input.id });
    announceSettled(ctx, announce);
    return edited;
  },
  remove: async (ctx: Ctx, id: number, announce?: AnnounceAlarm) => {
    await records.remove(ctx, id);
    announceSettled(ctx, announce);
    return null;
  },
};

/** A subject a rule's condition holds for: a cabinet or a station, its owner, and the figure that raised it. */
export interface Subject {
  id: number;
  name: string;
  merchantId: number | null;
  value: number;
}

/** Where each business condition holds now (docs/alarms.md, "Business rules"); the demo's open alarms stand there too. */
export async function subjectsOf(db: Db, rule: RuleRow, now: Date): Promise<Subject[]> {
  const since = new Date(now.getTime() - (rule.windowMinutes ?? 0) * 60_000);
  if (rule.businessCondition === 'noSwappableBattery') {
    const counts = await stationsWithSwappableAtMost(db, rule.threshold);
    const owners = new Map(
      (
        await stationOwners.get()(
          db,
          counts.map((c) => c.stationId),
        )
      ).map((s) => [s.id, s]),
    );
    return counts.flatMap((c) => {
      const station = owners.get(c.stationId);
      return station ? [{ id: station.id, name: station.name, merchantId: station.merchantId, value: c.swappable }] : [];
    });
  }
  const figures =
    rule.businessCondition === 'swapFailures'
      ? (await swapFailuresByCabinet(db, since, rule.threshold)).map((f) => ({ cabinetId: f.cabinetId, value: f.failures }))
      : (await commandOutcomesByCabinet(db, since, COMMAND_RATE_MIN_COMMANDS))
          .map((o) => ({ cabinetId: o.cabinetId, value: Math.round((o.failed * 1000) / o.finished) / 10 }))
          .filter((o) => o.value >= rule.threshold);
  if (figures.length === 0) return [];
  const cabinets = new Map(
    (await CABINET_KIND.findDevices(db, EVERY_TENANT, { ids: figures.map((f) => f.cabinetId), numbers: [] }, false)).map((c) => [c.id, c]),
  );
  return figures.flatMap((f) => {
    const cabinet = cabinets.get(f.cabinetId);
    return cabinet ? [{ id: cabinet.id, name: cabinet.number, merchantId: cabinet.merchantId, value: f.value }] : [];
  });
}

/**
 * Checks every enabled business rule against what the business records now and keeps its alarms in
 * step (docs/alarms.md, "Business rules"): an alarm opens for each subject the condition holds for
 * (one per subject and rule while not cleared: a unique index, so servers sweeping together open
 * one), takes the latest figure while it holds, and clears once it no longer does. An alarm whose
 * rule was disabled or removed clears too. The alarms live in the database, so a restart forgets
 * nothing. Answers the alarms opened. `atEvent`: asked for by a swap, a command or a state just
 * stored, the rules' conditions only (with no enabled rule, one read); the periodic check also
 * clears what retired rules left and opens the doors left open past their hold.
 */
export async function evaluateBusinessAlarms(
  db: Db,
  now = new Date(),
  atEvent = false,
  announce?: AnnounceAlarm,
): Promise<OpenedBusinessAlarm[]> {
  const rules = await db.select().from(alarmBusinessRules).where(eq(alarmBusinessRules.enabled, true)).orderBy(asc(alarmBusinessRules.id));
  if (atEvent && rules.length === 0) return [];
  const enabledIds = rules.map((r) => r.id);
  const active = await db
    .select()
    .from(alarms)
    .where(and(eq(alarms.alarmKind, 'business'), ne(alarms.alarmState, 'CLEARED')));
  const logged: DeviceLogEntry[] = [];
  const logCabinet = (row: { parameter: string; deviceId: number; merchantId: number | null; content: string }, raised: boolean) => {
    if (BUSINESS_SUBJECT_OF[row.parameter as keyof typeof BUSINESS_SUBJECT_OF] !== 'cabinet') return;
    logged.push(alarmLogLine('cabinet', row, raised, now));
  };
  // Each alarm opened or cleared, once stored, on its subject: a cabinet by its number, a station by its id.
  const tell = (row: { parameter: string; deviceId: number; deviceNumber: string; merchantId: number | null }) =>
    announce?.(changeOf({ ...row, kind: 'business', number: row.deviceNumber }));
  const toClear = active.filter((a) => a.businessRuleId === null || !enabledIds.includes(a.businessRuleId));
  const opened: OpenedBusinessAlarm[] = [];
  for (const rule of rules) {
    const subjects = (await subjectsOf(db, rule, now)).filter((s) => rule.merchantId === null || s.merchantId === rule.merchantId);
    const holding = new Map(subjects.map((s) => [s.id, s]));
    const ofRule = active.filter((a) => a.businessRuleId === rule.id);
    const still = new Set<number>();
    for (const alarm of ofRule) {
      const subject = holding.get(alarm.deviceId);
      if (!subject) toClear.push(alarm);
      else {
        still.add(alarm.deviceId);
        if (alarm.value !== subject.value) {
          await db
            .update(alarms)
            .set({ value: subject.value, lastSeenAt: now })
            .where(and(eq(alarms.id, alarm.id), ne(alarms.alarmState, 'CLEARED')));
        }
      }
    }
    const fresh = subjects.filter((s) => !still.has(s.id));
    if (fresh.length === 0) continue;
    // Opened with their webhook deliveries, in one transaction (docs/alarms.md, "Webhooks").
    const added = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(alarms)
        .values(
          fresh.map((s) => ({
            merchantId: s.merchantId,
            alarmKind: 'business' as const,
            deviceId: s.id,
            deviceNumber: s.name,
            businessRuleId: rule.id,
            parameter: rule.businessCondition,
            level: rule.level,
            content: rule.content,
            alarmState: 'OPEN' as const,
            header: rule.notifications.includes('HEADER'),
            value: s.value,
            openedAt: now,
            lastSeenAt: now,
          })),
        )
        // Another server sweeping at the same time may have opened it: the unique index keeps one.
        .onConflictDoNothing({
          target: [alarms.businessRuleId, alarms.deviceId],
          where: sql`state <> 'CLEARED' and business_rule_id is not null`,
        })
        .returning();
      await queueAlarmWebhooks(
        tx,
        inserted.map((row) => ({ id: row.id, level: row.level, notifications: rule.notifications })),
      );
      return inserted;
    });
    for (const row of added) {
      logCabinet(row, true);
      tell(row);
      opened.push({
        number: row.deviceNumber,
        merchantId: row.merchantId,
        level: row.level,
        header: row.header,
      });
    }
  }
  if (toClear.length > 0) {
    const cleared = await db
      .update(alarms)
      .set({ alarmState: 'CLEARED', clearedAt: now, lastSeenAt: now })
      .where(
        and(
          inArray(
            alarms.id,
            toClear.map((a) => a.id),
          ),
          ne(alarms.alarmState, 'CLEARED'),
        ),
      )
      .returning();
    for (const row of cleared) {
      logCabinet(row, false);
      tell(row);
    }
  }
  await appendDeviceLog(db, logged);
  if (atEvent) return opened;
  // A device rule disabled or removed on another server: its alarms clear here too.
  await clearRetiredRuleAlarms(db, now, announce);
  // A door left open past its rule's hold opens here (nothing else reports it again).
  for (const held of await openHeldAlarms(db, now)) {
    opened.push(held);
    announce?.({ kind: held.kind, number: held.number, merchantId: held.merchantId });
  }
  return opened;
}
