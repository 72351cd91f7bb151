import { and, asc, eq, getTableColumns, ne, type SQL } from 'drizzle-orm';
import {
  CONDITION_PARAMETERS,
  alarmApi,
  alarmContentText,
  storedAlarmContent,
  type AlarmLevel,
  type AlarmLevelEdit,
  type AlarmLevelEdited,
  type AlarmLevelRecord,
  type AlarmRuleAdd,
  type AlarmRuleRecord,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError, notFound } from '../../app/errors.js';
import { defineList } from '../../app/list.js';
import { ownedRecords } from '../../app/owned-records.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { checkWebhookUrl, newSigningKey } from '../external-system/index.js';
import { alarmWebhookSettings, forgetWebhookLevels } from './alarm.webhook.js';
import { deviceTypeNameOf, findTypeOfKind } from '../device-type/index.js';
import { alarmLevels, alarmRules, alarms } from './alarm.table.js';
import { contentHolds } from './alarm.options.js';
import { announceSettled, changeOf, noteSettled, type AlarmChange, type AnnounceAlarm } from './alarm.change.js';

// ---- Levels ----

type LevelRow = typeof alarmLevels.$inferSelect;

const presentLevel = (row: LevelRow): AlarmLevelRecord => ({
  level: row.level,
  colour: row.colour,
  sound: row.sound,
  webhookUrl: row.webhookUrl,
  labelEn: row.labelEn,
  labelIn: row.labelIn,
  labelTh: row.labelTh,
  labelZh: row.labelZh,
  updatedAt: row.updatedAt.toISOString(),
});

const LEVEL_ORDER: Record<AlarmLevel, number> = { LOW: 0, MEDIUM: 1, HIGH: 2 };

/** The three levels, low to high. */
export async function levelRecords(db: Db): Promise<AlarmLevelRecord[]> {
  const rows = await db.select().from(alarmLevels);
  return rows.map(presentLevel).sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level]);
}

/** The default levels every database starts with; an existing row is kept. */
export async function seedAlarmLevels(db: Db): Promise<void> {
  await db
    .insert(alarmLevels)
    .values([
      { level: 'LOW', colour: '#1677ff', sound: false, labelEn: 'Low', labelIn: 'Rendah', labelTh: 'ต่ำ', labelZh: '低' },
      { level: 'MEDIUM', colour: '#fa8c16', sound: false, labelEn: 'Medium', labelIn: 'Sedang', labelTh: 'ปานกลาง', labelZh: '中' },
      { level: 'HIGH', colour: '#f5222d', sound: true, labelEn: 'High', labelIn: 'Tinggi', labelTh: 'สูง', labelZh: '高' },
    ])
    .onConflictDoNothing();
}

/**
 * Platform staff change a level's colour, sound, webhook and labels; audited with what changed (never
 * the key). A webhook address is checked as an external system's is (docs/alarms.md, "Webhooks"); a
 * new or changed one gets a new signing key, answered this once.
 */
export async function editLevel(ctx: Ctx, input: AlarmLevelEdit): Promise<AlarmLevelEdited> {
  if (input.webhookUrl !== '') await checkWebhookUrl(input.webhookUrl, alarmWebhookSettings().allowPrivate);
  const edited = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(alarmLevels).where(eq(alarmLevels.level, input.level)).for('update');
    if (!before) throw notFound();
    const { level: _level, ...fields } = input;
    const signingKey = fields.webhookUrl !== '' && fields.webhookUrl !== before.webhookUrl ? newSigningKey() : null;
    const webhookKey = fields.webhookUrl === '' ? '' : (signingKey ?? before.webhookKey);
    const [row] = await tx
      .update(alarmLevels)
      .set({ ...fields, webhookKey, updatedAt: new Date() })
      .where(eq(alarmLevels.level, input.level))
      .returning();
    const { level: _l, updatedAt: _u, webhookKey: _k, ...old } = before;
    await recordAudit(tx, ctx, { action: 'alarmLevel.edit', objectType: 'alarmLevel', objectId: input.level, changes: diff(old, fields) });
    return { ...presentLevel(row!), signingKey };
  });
  forgetWebhookLevels();
  return edited;
}

// ---- Device rules ----

/**
 * A rule's content or level changed: its alarms not cleared yet (open, acknowledged, or waiting out
 * their hold) take the new ones, in the change's transaction (docs/alarms.md, "Rules"). Answers
 * those shown, to be announced once committed: the header's count of high alarms and the device
 * pages read them again. A business alarm is told on its subject (a station by its id).
 */
export async function rewordAlarms(tx: Db, ofRule: SQL, rule: { content: string; level: AlarmLevel }): Promise<AlarmChange[]> {
  const rows = await tx
    .update(alarms)
    .set({ content: rule.content, level: rule.level })
    .where(and(ofRule, ne(alarms.alarmState, 'CLEARED')))
    .returning({
      kind: alarms.alarmKind,
      parameter: alarms.parameter,
      state: alarms.alarmState,
      deviceId: alarms.deviceId,
      number: alarms.deviceNumber,
      merchantId: alarms.merchantId,
    });
  return rows.filter((row) => row.state !== 'PENDING').map((row) => changeOf(row));
}

type RuleRow = typeof alarmRules.$inferSelect;

/** What a rule keeps of its input: a condition (water, smoke, offline) has no range nor margin. */
function ruleFields(input: AlarmRuleAdd) {
  const condition = CONDITION_PARAMETERS.includes(input.parameter);
  return {
    alarmKind: input.alarmKind,
    deviceTypeId: input.deviceTypeId ?? null,
    parameter: input.parameter,
    rangeFrom: condition ? null : (input.rangeFrom ?? null),
    rangeTo: condition ? null : (input.rangeTo ?? null),
    holdSeconds: input.holdSeconds,
    clearMargin: condition ? 0 : input.clearMargin,
    level: input.level,
    content: storedAlarmContent(input.content),
    notifications: [...new Set(input.notifications)],
    enabled: input.enabled,
  };
}

const presentRule = (row: RuleRow & { deviceTypeName?: string | null }, ctx?: Ctx): AlarmRuleRecord => ({
  id: row.id,
  merchantId: row.merchantId,
  alarmKind: row.alarmKind,
  deviceTypeId: row.deviceTypeId,
  deviceTypeName: row.deviceTypeName ?? null,
  parameter: row.parameter,
  rangeFrom: row.rangeFrom,
  rangeTo: row.rangeTo,
  holdSeconds: row.holdSeconds,
  clearMargin: row.clearMargin,
  level: row.level,
  content: ctx ? alarmContentText(row.content, ctx.lang) : row.content,
  notifications: row.notifications,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Told inside the transaction of a rule's change that retires it (disabled, removed, or watching
 * something else now), so its alarms clear with it; answers them (alarm.evaluate.ts).
 */
let onRuleRetired: (ctx: Ctx, tx: Db, ruleId: number) => Promise<AlarmChange[]> = () => Promise.resolve([]);
export function whenRuleRetires(listener: typeof onRuleRetired): void {
  onRuleRetired = listener;
}

/** Told when rules change, so evaluation reads them again (alarm.evaluate.ts). */
let onRulesChanged: () => void = () => undefined;
export function whenRulesChange(listener: () => void): void {
  onRulesChanged = listener;
}

const ruleRecords = ownedRecords({
  table: alarmRules,
  id: alarmRules.id,
  merchantId: alarmRules.merchantId,
  updatedAt: alarmRules.updatedAt,
  objectType: 'alarmRule',
  fields: (input: ReturnType<typeof ruleFields>) => ({
    alarmKind: input.alarmKind,
    deviceTypeId: input.deviceTypeId,
    parameter: input.parameter,
    rangeFrom: input.rangeFrom,
    rangeTo: input.rangeTo,
    holdSeconds: input.holdSeconds,
    clearMargin: input.clearMargin,
    level: input.level,
    content: input.content,
    notifications: input.notifications,
    enabled: input.enabled,
  }),
  present: presentRule,
  // A type override names a type of the rule's kind.
  prepare: async (_ctx, input, _owner, tx) => {
    if (input.deviceTypeId !== null && !(await findTypeOfKind(tx, input.alarmKind, input.deviceTypeId))) {
      throw new AppError('alarmTypeOfOtherKind', undefined, { field: 'deviceTypeId' });
    }
    return {};
  },
  answer: (ctx: Ctx, id: number): Promise<AlarmRuleRecord> => ruleList.detail(ctx, id),
  // Its alarms clear with a change that retires the rule (docs/alarms.md, "Rules").
  settle: async (ctx, tx, { before, after }) => {
    const retired =
      after === null ||
      !after.enabled ||
      after.alarmKind !== before.alarmKind ||
      after.parameter !== before.parameter ||
      after.deviceTypeId !== before.deviceTypeId;
    if (retired) noteSettled(ctx, await onRuleRetired(ctx, tx, before.id));
    // Its alarms still open read as the rule reads now (docs/alarms.md, "Rules").
    else if (after.content !== before.content || after.level !== before.level) {
      noteSettled(ctx, await rewordAlarms(tx, eq(alarms.ruleId, before.id), after));
    }
  },
});

export const ruleList = defineList({
  endpoint: alarmApi.rules.search,
  table: alarmRules,
  id: alarmRules.id,
  select: { ...getTableColumns(alarmRules), deviceTypeName: deviceTypeNameOf(alarmRules.deviceTypeId) },
  scope: ruleRecords.scope,
  filters: {
    alarmKind: {
      where: (kind) => eq(alarmRules.alarmKind, kind),
      unindexed: 'A tenant keeps a few dozen rules at most: its rows are read in full.',
    },
    parameter: {
      where: (parameter) => eq(alarmRules.parameter, parameter),
      unindexed: 'A tenant keeps a few dozen rules at most: its rows are read in full.',
    },
    level: {
      where: (level) => eq(alarmRules.level, level),
      unindexed: 'A tenant keeps a few dozen rules at most: its rows are read in full.',
    },
    enabled: {
      where: (on) => eq(alarmRules.enabled, on),
      unindexed: 'A tenant keeps a few dozen rules at most: its rows are read in full.',
    },
    content: {
      // As the reader reads it: a demo text in their language (docs/alarms.md, "Demo data").
      where: (text, ctx) => contentHolds(alarmRules.content, text, ctx.lang),
      unindexed: 'A tenant keeps a few dozen rules at most: its rows are read in full.',
    },
  },
  defaultOrder: () => ({ column: alarmRules.createdAt, direction: 'desc' }),
  count: 'exact',
  present: presentRule,
});

const changed = <T>(value: T): T => {
  onRulesChanged();
  return value;
};

/**
 * Device alarm rules; audited. A change that retires a rule clears its alarms, one that changes its
 * content or level rewords them; either is announced once committed, as any clear.
 */
export const rules = {
  add: async (ctx: Ctx, input: AlarmRuleAdd) => changed(await ruleRecords.add(ctx, ruleFields(input))),
  edit: async (ctx: Ctx, input: AlarmRuleAdd & { id: number }, announce?: AnnounceAlarm) => {
    const edited = changed(await ruleRecords.edit(ctx, { ...ruleFields(input), id: input.id }));
    announceSettled(ctx, announce);
    return edited;
  },
  remove: async (ctx: Ctx, id: number, announce?: AnnounceAlarm) => {
    const removed = changed(await ruleRecords.remove(ctx, id));
    announceSettled(ctx, announce);
    return removed;
  },
};

/** Every enabled rule, for evaluation, oldest first. */
export async function enabledRules(db: Db): Promise<RuleRow[]> {
  return db
    .select()
    .from(alarmRules)
    .where(and(eq(alarmRules.enabled, true)))
    .orderBy(asc(alarmRules.id));
}
