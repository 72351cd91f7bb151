import type { AlarmDetail, AlarmHistoryEntry } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { accountNames } from '../account/index.js';
import { auditTrailOf, type AuditTrailEntry } from '../audit-log/index.js';
import { batteryAlarmList, cabinetAlarmList } from './alarm.records.js';

const EVENT_OF: Record<string, AlarmHistoryEntry['event']> = {
  'alarm.acknowledge': 'acknowledged',
  'alarm.assign': 'assigned',
  'alarm.clear': 'cleared',
};

type Changes = { comment?: unknown; assigneeId?: unknown };

/** The assignee an assignment named (the second of its before and after). */
function assignedTo(entry: AuditTrailEntry): number | null {
  const change = (entry.changes as Changes | null)?.assigneeId;
  const after = Array.isArray(change) ? (change[1] as unknown) : null;
  return typeof after === 'number' ? after : null;
}

/**
 * One battery's or cabinet's alarm the caller may see, with its history (docs/alarms.md, "Detail"):
 * its opening and a clearing by its condition are the alarm's own times, what people did
 * (acknowledge, assign, clear by hand or by retiring its rule) the audit log's entries of the alarm, oldest first.
 * Another tenant's alarm, one still waiting out its hold or one of another kind does not exist.
 */
export async function alarmDetail(ctx: Ctx, kind: 'battery' | 'cabinet', id: number): Promise<AlarmDetail> {
  const record = await (kind === 'battery' ? batteryAlarmList : cabinetAlarmList).detail(ctx, id);
  const openedAt = new Date(record.openedAt);
  const trail = (await auditTrailOf(ctx.db, 'alarm', id, openedAt)).filter((entry) => EVENT_OF[entry.action] !== undefined);
  const names = await accountNames(ctx.db, [
    ...trail.flatMap((entry) => (entry.accountId === null ? [] : [entry.accountId])),
    ...trail.flatMap((entry) => {
      const assignee = entry.action === 'alarm.assign' ? assignedTo(entry) : null;
      return assignee === null ? [] : [assignee];
    }),
  ]);
  const history: AlarmHistoryEntry[] = [{ event: 'opened', at: record.openedAt, by: null, comment: '', assigneeName: null }];
  for (const entry of trail) {
    const event = EVENT_OF[entry.action]!;
    const comment = (entry.changes as Changes | null)?.comment;
    const assignee = event === 'assigned' ? assignedTo(entry) : null;
    history.push({
      event,
      at: entry.at.toISOString(),
      by: (entry.accountId === null ? undefined : names.get(entry.accountId)) ?? entry.username,
      comment: typeof comment === 'string' ? comment : '',
      assigneeName: assignee === null ? null : (names.get(assignee) ?? null),
    });
  }
  // Cleared with no one's clear: its condition stopped holding (a rule retired by a change is audited as its clear).
  if (record.clearedAt !== null && !history.some((step) => step.event === 'cleared')) {
    history.push({ event: 'cleared', at: record.clearedAt, by: null, comment: '', assigneeName: null });
  }
  return { ...record, history };
}
