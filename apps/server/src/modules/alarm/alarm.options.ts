import { and, eq, ilike, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  STORED_DEMO_ALARM_TEXTS,
  alarmContentText,
  storedAlarmContentsHolding,
  type AlarmRuleOption,
  type Language,
  type OptionsQuery,
} from '@swap/contracts';
import { likePattern } from '../../app/pagination.js';
import type { Ctx } from '../../app/context.js';
import { answerOptions } from '../../app/options.js';
import { alarmBusinessRules, alarmRules } from './alarm.table.js';

/**
 * A rule's content holds the keyword as the reader reads it (docs/alarms.md, "Demo data"): a demo
 * text in the reader's language, an operator's own text as typed.
 */
export function contentHolds(content: PgColumn, keyword: string, lang: Language): SQL | undefined {
  const known = storedAlarmContentsHolding(keyword, lang);
  return or(
    and(notInArray(content, [...STORED_DEMO_ALARM_TEXTS]), ilike(content, likePattern(keyword))),
    known.length > 0 ? inArray(content, known) : undefined,
  );
}

/** Rules whose alarms the caller may see: the platform's (they watch every tenant) and the caller's merchant's; platform staff every one. */
function visible(ctx: Pick<Ctx, 'principal'>, merchantId: typeof alarmRules.merchantId | typeof alarmBusinessRules.merchantId) {
  const own = ctx.principal.merchantId;
  return own === null ? undefined : or(isNull(merchantId), eq(merchantId, own));
}

/** The device rules as choices of the records' rule filter (docs/alarms.md, "Records"), of one kind if asked. */
export async function alarmRuleOptions(
  ctx: Ctx,
  input: OptionsQuery & { alarmKind?: 'battery' | 'cabinet' | 'vehicle' | undefined },
): Promise<AlarmRuleOption[]> {
  const select = { id: alarmRules.id, content: alarmRules.content, alarmKind: alarmRules.alarmKind };
  const scope = and(visible(ctx, alarmRules.merchantId), input.alarmKind ? eq(alarmRules.alarmKind, input.alarmKind) : undefined);
  const keyword = (text: string) => contentHolds(alarmRules.content, text, ctx.lang);
  const rows = await answerOptions(ctx.db, { table: alarmRules, name: alarmRules.content, select, scope, keyword }, input);
  return rows.map((row) => ({ ...row, content: alarmContentText(row.content, ctx.lang) }));
}

/** The business rules as choices of the records' business rule filter. */
export async function businessRuleOptions(ctx: Ctx, input: OptionsQuery): Promise<AlarmRuleOption[]> {
  const select = { id: alarmBusinessRules.id, content: alarmBusinessRules.content };
  const scope = visible(ctx, alarmBusinessRules.merchantId);
  const keyword = (text: string) => contentHolds(alarmBusinessRules.content, text, ctx.lang);
  const rows = await answerOptions(ctx.db, { table: alarmBusinessRules, name: alarmBusinessRules.content, select, scope, keyword }, input);
  return rows.map((row) => ({ ...row, content: alarmContentText(row.content, ctx.lang), alarmKind: 'business' }));
}
