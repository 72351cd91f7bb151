import { and, eq, getTableColumns, gte, inArray, like, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  BUSINESS_SUBJECT_OF,
  alarmApi,
  alarmContentText,
  type AlarmKind,
  type BusinessCondition,
  type AlarmRecord,
  type AlarmSummary,
} from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { AppError, notFound } from '../../app/errors.js';
import { defineList } from '../../app/list.js';
import { prefixPattern } from '../../app/pagination.js';
import { recordAudit } from '../audit-log/index.js';
import { accountNameOf, enabledAccountChoices, enabledAccountOf } from '../account/index.js';
import { batteryLiveOf } from '../battery/index.js';
import { cabinetLiveOf } from '../cabinet/index.js';
import { appendDeviceLog } from '../device-log/index.js';
import { alarmLogLine, followAlarmStatus } from './alarm.evaluate.js';
import { alarms } from './alarm.table.js';

/**
 * The alarms a caller may see: a merchant's staff those of their merchant's devices (the owner when
 * the alarm opened), platform staff every tenant's; an alarm still waiting out its hold is no alarm yet.
 */
export function alarmScope(ctx: Pick<Ctx, 'principal'>): SQL {
  const own = ctx.principal.merchantId;
  const shown = ne(alarms.alarmState, 'PENDING');
  return own === null ? shown : and(shown, eq(alarms.merchantId, own))!;
}

const select = {
  ...getTableColumns(alarms),
  assigneeName: accountNameOf(alarms.assigneeId),
  live: sql<Record<
    string,
    number | boolean | null
  > | null>`case ${alarms.alarmKind} when 'battery' then ${batteryLiveOf(alarms.deviceId)} when 'cabinet' then ${cabinetLiveOf(alarms.deviceId)} end`,
};
type Row = typeof alarms.$inferSelect & { assigneeName: string | null; live: Record<string, number | boolean | null> | null };

function present(row: Row, ctx: Ctx): AlarmRecord {
  return {
    id: row.id,
    merchantId: row.merchantId,
    alarmKind: row.alarmKind,
    deviceId: row.deviceId,
    deviceNumber: row.deviceNumber,
    compartment: row.compartment === 0 ? null : row.compartment,
    detail: row.detail,
    ruleId: row.ruleId,
    businessRuleId: row.businessRuleId,
    parameter: row.parameter,
    level: row.level,
    content: alarmContentText(row.content, ctx.lang),
    alarmState: row.alarmState === 'PENDING' ? 'OPEN' : row.alarmState,
    value: row.value,
    openedAt: row.openedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    clearedAt: row.clearedAt?.toISOString() ?? null,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    comment: row.comment,
    live: row.live ?? {},
  };
}

const FEW = 'A tenant’s alarms are found by time first (the opened-at indexes); this narrows what they find.';
const filters = {
  deviceNumber: { where: (number: string) => like(alarms.deviceNumber, prefixPattern(number)), unindexed: FEW },
  level: { where: (level: AlarmRecord['level']) => eq(alarms.level, level), unindexed: FEW },
  alarmState: { where: (state: AlarmRecord['alarmState']) => eq(alarms.alarmState, state), unindexed: FEW },
  active: {
    where: (active: boolean) => (active ? inArray(alarms.alarmState, ['OPEN', 'ACKNOWLEDGED']) : eq(alarms.alarmState, 'CLEARED')),
    unindexed: FEW,
  },
  // The bell's own filter (with state OPEN): the same condition as its count, alarmSummary.
  header: { where: (header: boolean) => eq(alarms.header, header), unindexed: FEW },
  ruleId: { where: (ruleId: number) => eq(alarms.ruleId, ruleId), unindexed: FEW },
  businessRuleId: { where: (ruleId: number) => eq(alarms.businessRuleId, ruleId), unindexed: FEW },
  openedFrom: (from: string) => gte(alarms.openedAt, new Date(from)),
  openedTo: (to: string) => lte(alarms.openedAt, new Date(to)),
};

/** Alarm records, every kind together (`/product/device/alarmRecord/list`), newest first. */
export const alarmList = defineList({
  endpoint: alarmApi.records.search,
  table: alarms,
  id: alarms.id,
  select,
  scope: alarmScope,
  filters: { ...filters, alarmKind: (kind: AlarmKind) => eq(alarms.alarmKind, kind) },
  defaultOrder: () => ({ column: alarms.openedAt, direction: 'desc' }),
  count: 'capped',
  present,
});

/** One kind's alarms with the device's live readings (`/product/device/<kind>/list`). */
function kindList(kind: 'battery' | 'cabinet') {
  return defineList({
    endpoint: alarmApi[kind].search,
    table: alarms,
    id: alarms.id,
    select,
    scope: (ctx) => and(alarmScope(ctx), eq(alarms.alarmKind, kind)),
    filters,
    defaultOrder: () => ({ column: alarms.openedAt, direction: 'desc' }),
    count: 'capped',
    present,
    missing: 'alarmMissing',
  });
}
export const batteryAlarmList = kindList('battery');
export const cabinetAlarmList = kindList('cabinet');

export const ALARM_CSV: CsvColumn<AlarmRecord>[] = fieldColumns(
  [
    'id',
    'alarmKind',
    'deviceNumber',
    'compartment',
    'level',
    'content',
    'detail',
    'alarmState',
    'value',
    'openedAt',
    'lastSeenAt',
    'clearedAt',
    'comment',
  ],
  { alarmKind: 'alarm.kind', level: 'alarm.level', alarmState: 'alarm.state', openedAt: 'time', lastSeenAt: 'time', clearedAt: 'time' },
);

/** The caller's alarm of this kind, locked; another tenant's, a waiting one or another kind's does not exist. */
async function lockAlarm(tx: Ctx['db'], ctx: Ctx, kind: AlarmKind, id: number) {
  const [row] = await tx
    .select()
    .from(alarms)
    .where(and(eq(alarms.id, id), eq(alarms.alarmKind, kind), alarmScope(ctx)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

const answer = async (ctx: Ctx, id: number) => alarmList.detail(ctx, id);

/** Acknowledges an open alarm with a comment: it stays until its condition clears; audited. */
export async function acknowledgeAlarm(ctx: Ctx, kind: AlarmKind, input: { id: number; comment: string }): Promise<AlarmRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockAlarm(tx, ctx, kind, input.id);
    if (row.alarmState === 'CLEARED') throw new AppError('alarmAlreadyCleared');
    await tx.update(alarms).set({ alarmState: 'ACKNOWLEDGED', comment: input.comment }).where(eq(alarms.id, row.id));
    await recordAudit(tx, ctx, {
      action: 'alarm.acknowledge',
      objectType: 'alarm',
      objectId: row.id,
      changes: { alarmState: [row.alarmState, 'ACKNOWLEDGED'], comment: input.comment },
    });
  });
  return answer(ctx, input.id);
}

/** Clears an alarm by hand with a comment (the condition may still hold: its next report opens a new one); audited. */
export async function clearAlarm(ctx: Ctx, kind: AlarmKind, input: { id: number; comment: string }): Promise<AlarmRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockAlarm(tx, ctx, kind, input.id);
    if (row.alarmState === 'CLEARED') throw new AppError('alarmAlreadyCleared');
    await tx.update(alarms).set({ alarmState: 'CLEARED', clearedAt: new Date(), comment: input.comment }).where(eq(alarms.id, row.id));
    await recordAudit(tx, ctx, {
      action: 'alarm.clear',
      objectType: 'alarm',
      objectId: row.id,
      changes: { alarmState: [row.alarmState, 'CLEARED'], comment: input.comment },
    });
    if (kind === 'battery') await followAlarmStatus(tx, [row.deviceId]);
    const deviceKind =
      kind === 'business' ? (BUSINESS_SUBJECT_OF[row.parameter as BusinessCondition] === 'cabinet' ? 'cabinet' : null) : kind;
    if (deviceKind === null) return;
    await appendDeviceLog(tx, alarmLogLine(deviceKind, row, false));
  });
  return answer(ctx, input.id);
}

/** Names who handles an alarm (an enabled account of its merchant or of the platform), or nobody; audited. */
export async function assignAlarm(ctx: Ctx, kind: AlarmKind, input: { id: number; assigneeId: number | null }): Promise<AlarmRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockAlarm(tx, ctx, kind, input.id);
    // Platform staff assign to the alarm's merchant's accounts or their own; a merchant's staff to their merchant's only.
    const allowed =
      input.assigneeId === null ||
      (ctx.principal.merchantId === null
        ? await enabledAccountOf(tx, input.assigneeId, row.merchantId)
        : (await enabledAccountChoices(tx, [row.merchantId], { limit: 1, ids: [input.assigneeId] })).some(
            (a) => a.id === input.assigneeId,
          ));
    if (!allowed) throw new AppError('alarmAssigneeOutside', undefined, { field: 'assigneeId' });
    await tx.update(alarms).set({ assigneeId: input.assigneeId }).where(eq(alarms.id, row.id));
    await recordAudit(tx, ctx, {
      action: 'alarm.assign',
      objectType: 'alarm',
      objectId: row.id,
      changes: { assigneeId: [row.assigneeId, input.assigneeId] },
    });
  });
  return answer(ctx, input.id);
}

/**
 * The header's figures: open alarms (not acknowledged) the caller may see whose rule names the header
 * badge (those the header tells; docs/alarms.md, "Live"), the high ones, and the newest of them.
 */
export async function alarmSummary(ctx: Ctx): Promise<AlarmSummary> {
  const [row] = await ctx.db
    .select({
      open: sql<number>`count(*)::int`,
      high: sql<number>`count(*) filter (where ${alarms.level} = 'HIGH')::int`,
      latestId: sql<number>`coalesce(max(${alarms.id}), 0)::int`,
    })
    .from(alarms)
    .where(and(alarmScope(ctx), eq(alarms.alarmState, 'OPEN'), eq(alarms.header, true)));
  return { open: row?.open ?? 0, high: row?.high ?? 0, latestId: row?.latestId ?? 0 };
}

/**
 * Who an alarm the caller sees may be assigned to: enabled accounts of its merchant, and the
 * platform's staff when the caller is one of them (a merchant's staff are not shown the platform's).
 */
export async function alarmAssignees(
  ctx: Ctx,
  input: { alarmId: number; keyword?: string | undefined; limit: number; ids?: number[] | undefined },
): Promise<{ id: number; name: string; username: string }[]> {
  const [row] = await ctx.db
    .select({ merchantId: alarms.merchantId })
    .from(alarms)
    .where(and(eq(alarms.id, input.alarmId), alarmScope(ctx)));
  if (!row) throw notFound();
  const owners = ctx.principal.merchantId === null ? [...new Set([row.merchantId, null])] : [row.merchantId];
  return enabledAccountChoices(ctx.db, owners, input);
}
