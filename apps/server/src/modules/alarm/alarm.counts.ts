import { and, count, inArray } from 'drizzle-orm';
import { ALARM_LEVELS, type AlarmLevel } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { alarmScope } from './alarm.records.js';
import { alarms } from './alarm.table.js';

/** Alarms the caller may see that are not cleared yet (open or acknowledged), by level, every level listed (the dashboard's figure). */
export async function openAlarmCounts(ctx: Pick<Ctx, 'db' | 'principal'>): Promise<{ level: AlarmLevel; count: number }[]> {
  const rows = await ctx.db
    .select({ level: alarms.level, count: count() })
    .from(alarms)
    .where(and(alarmScope(ctx), inArray(alarms.alarmState, ['OPEN', 'ACKNOWLEDGED'])))
    .groupBy(alarms.level);
  const byLevel = new Map(rows.map((row) => [row.level, row.count]));
  return ALARM_LEVELS.map((level) => ({ level, count: byLevel.get(level) ?? 0 }));
}
