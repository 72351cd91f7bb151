import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  TOUR_ENABLED_SETTING,
  type CommonSettingAdd,
  type CommonSettingEdit,
  type CommonSettingRecord,
  type CommonSettingSearch,
  type Page,
  type commonSettingApi,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation } from '../../app/errors.js';
import { countAll, likePattern, orderBy, pageWindow, toPage, type SortColumns } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { commonSettings } from './common-setting.table.js';

type SettingRow = typeof commonSettings.$inferSelect;

/** What a module redoes, inside the transaction that adds, edits or removes a setting it reads. */
export type SettingWatcher = (tx: Db) => Promise<void>;
const watchers = new Map<string, SettingWatcher[]>();

/**
 * Lets a module keep what it derives from a setting right (the dashboard's days are counted in the
 * `time_zone` setting's zone): the watcher runs inside the transaction that changes the setting,
 * after the change, so both commit together or neither.
 */
export function watchSetting(name: string, watcher: SettingWatcher): void {
  watchers.set(name, [...(watchers.get(name) ?? []), watcher]);
}

async function tellWatchers(tx: Db, names: readonly string[]): Promise<void> {
  for (const name of new Set(names)) for (const watcher of watchers.get(name) ?? []) await watcher(tx);
}

function toRecord(row: SettingRow): CommonSettingRecord {
  return {
    id: row.id,
    name: row.name,
    value: row.value,
    description: row.description,
    remark: row.remark,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function filterOf(query: Pick<CommonSettingSearch, 'keyword' | 'name'>): SQL | undefined {
  const keyword = query.keyword ? likePattern(query.keyword) : undefined;
  return and(
    keyword
      ? or(ilike(commonSettings.name, keyword), ilike(commonSettings.value, keyword), ilike(commonSettings.description, keyword))
      : undefined,
    query.name ? ilike(commonSettings.name, likePattern(query.name)) : undefined,
  );
}

const SORTABLE = { id: commonSettings.id, name: commonSettings.name, updatedAt: commonSettings.updatedAt } satisfies SortColumns<
  typeof commonSettingApi.search
>;

export async function searchSettings(db: Db, query: CommonSettingSearch): Promise<Page<CommonSettingRecord>> {
  const where = filterOf(query);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(commonSettings)
    .where(where)
    .orderBy(...orderBy(query.sort, SORTABLE, [asc(commonSettings.name)], commonSettings.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: countAll }).from(commonSettings).where(where);
  return toPage(rows.map(toRecord), total?.n ?? 0, query);
}

export async function settingsForExport(db: Db, query: CommonSettingSearch): Promise<CommonSettingRecord[]> {
  const rows = await db
    .select()
    .from(commonSettings)
    .where(filterOf(query))
    .orderBy(...orderBy(query.sort, SORTABLE, [asc(commonSettings.name)], commonSettings.id))
    .limit(EXPORT_MAX_ROWS);
  return rows.map(toRecord);
}

export async function settingDetail(db: Db, id: number): Promise<CommonSettingRecord> {
  const [row] = await db.select().from(commonSettings).where(eq(commonSettings.id, id));
  if (!row) throw new AppError('recordNotFound');
  return toRecord(row);
}

/** Names differ by more than case, so `Tour_Enabled` cannot shadow `tour_enabled`. */
async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: commonSettings.id })
    .from(commonSettings)
    .where(and(sql`lower(${commonSettings.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(commonSettings.id, exceptId)));
  if (taken) throw new AppError('settingNameExists');
}

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('settingNameExists');
    throw error;
  }
}

export async function addSetting(ctx: Ctx, input: CommonSettingAdd): Promise<CommonSettingRecord> {
  await assertNameFree(ctx.db, input.name);
  return uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(commonSettings).values(input).returning();
      const record = toRecord(row!);
      await recordAudit(tx, ctx, { action: 'commonSetting.add', objectType: 'common_setting', objectId: record.id, changes: record });
      await tellWatchers(tx, [record.name]);
      return record;
    }),
  );
}

export async function editSetting(ctx: Ctx, input: CommonSettingEdit): Promise<CommonSettingRecord> {
  const before = await settingDetail(ctx.db, input.id);
  await assertNameFree(ctx.db, input.name, input.id);
  const { id, ...values } = input;
  return uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(commonSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(commonSettings.id, id))
        .returning();
      if (!row) throw new AppError('recordNotFound');
      const after = toRecord(row);
      const { updatedAt: _before, ...beforeFields } = before;
      const { updatedAt: _after, ...afterFields } = after;
      await recordAudit(tx, ctx, {
        action: 'commonSetting.edit',
        objectType: 'common_setting',
        objectId: id,
        changes: diff(beforeFields, afterFields),
      });
      if (before.name !== after.name || before.value !== after.value) await tellWatchers(tx, [before.name, after.name]);
      return after;
    }),
  );
}

export async function removeSetting(ctx: Ctx, id: number): Promise<void> {
  const before = await settingDetail(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(commonSettings).where(eq(commonSettings.id, id)).returning({ id: commonSettings.id });
    if (removed.length === 0) throw new AppError('recordNotFound');
    await recordAudit(tx, ctx, { action: 'commonSetting.remove', objectType: 'common_setting', objectId: id, changes: before });
    await tellWatchers(tx, [before.name]);
  });
}

const TRUE_VALUES = new Set(['true', '1', 'yes', 'on']);

/** The first-visit tour runs unless the `tour_enabled` setting says otherwise (absent = on, as seeded). */
export async function isTourEnabled(db: Db): Promise<boolean> {
  const value = await settingValue(db, TOUR_ENABLED_SETTING);
  return value === undefined ? true : TRUE_VALUES.has(value.trim().toLowerCase());
}

/** The value of a setting by name; undefined when it is not set. */
export async function settingValue(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select({ value: commonSettings.value }).from(commonSettings).where(eq(commonSettings.name, name));
  return row?.value;
}
