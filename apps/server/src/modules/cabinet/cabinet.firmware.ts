import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { firmwareApi, type CabinetChoice as CabinetOption, type OptionsQuery, type VersionDeviceRecord } from '@swap/contracts';
import { answerOptions } from '../../app/options.js';
import type { Ctx } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../app/errors.js';
import { defineList } from '../../app/list.js';
import { deviceTypeJoin } from '../device-type/index.js';
import { cabinets } from './cabinet.table.js';
import { cabinetScope } from './cabinet.query.js';

/** What an upgrade task or a command to many cabinets needs of the cabinets it goes to (docs/firmware.md). */
export interface TaskCabinet {
  id: number;
  number: string;
  typeId: number;
  merchantId: number | null;
}

export interface CabinetChoice {
  cabinetIds?: number[] | undefined;
  typeId?: number | undefined;
  stationId?: number | undefined;
  merchantId?: number | undefined;
}

/**
 * The caller's cabinets a task goes to: the chosen ones (another tenant's or an unknown id answers
 * "cabinet does not exist"), narrowed by type, station and merchant; scrapped cabinets are left
 * out of a choice by type, station or merchant. Empty when nothing is chosen.
 */
export async function cabinetsForTask(ctx: Pick<Ctx, 'db' | 'principal'>, choice: CabinetChoice): Promise<TaskCabinet[]> {
  const ids = [...new Set(choice.cabinetIds ?? [])];
  const byList = ids.length > 0;
  if (!byList && choice.typeId === undefined && choice.stationId === undefined && choice.merchantId === undefined) return [];
  const conditions: (SQL | undefined)[] = [cabinetScope(ctx)];
  if (byList) conditions.push(inArray(cabinets.id, ids));
  else conditions.push(eq(cabinets.scrapStatus, 'NORMAL'));
  if (choice.typeId !== undefined) conditions.push(eq(cabinets.typeId, choice.typeId));
  if (choice.stationId !== undefined) conditions.push(eq(cabinets.stationId, choice.stationId));
  if (choice.merchantId !== undefined) conditions.push(eq(cabinets.merchantId, choice.merchantId));
  const rows = await ctx.db
    .select({ id: cabinets.id, number: cabinets.number, typeId: cabinets.typeId, merchantId: cabinets.merchantId })
    .from(cabinets)
    .where(and(...conditions))
    .orderBy(cabinets.number);
  if (byList && rows.length < ids.length) {
    // A chosen id the caller does not see (or that the other choices leave out) is not silently skipped.
    const visible = await ctx.db
      .select({ id: cabinets.id })
      .from(cabinets)
      .where(and(cabinetScope(ctx), inArray(cabinets.id, ids)));
    if (visible.length < ids.length) throw new AppError('cabinetMissing');
  }
  return rows;
}

/** A task's cabinet as the job sending its command sees it now (online or not), whoever's it is. */
export async function cabinetOfTask(
  db: Db,
  id: number,
): Promise<{ id: number; number: string; merchantId: number | null; online: boolean } | undefined> {
  const [row] = await db
    .select({ id: cabinets.id, number: cabinets.number, merchantId: cabinets.merchantId, online: cabinets.online })
    .from(cabinets)
    .where(eq(cabinets.id, id));
  return row;
}

/** How many of the caller's cabinets run each firmware version, by type (null: none reported yet). */
export async function cabinetVersionCounts(
  ctx: Pick<Ctx, 'db' | 'principal'>,
  typeId?: number,
): Promise<{ typeId: number; version: string | null; count: number }[]> {
  return ctx.db
    .select({ typeId: cabinets.typeId, version: cabinets.firmwareVersion, count: sql<number>`count(*)::int` })
    .from(cabinets)
    .where(and(cabinetScope(ctx), typeId === undefined ? undefined : eq(cabinets.typeId, typeId)))
    .groupBy(cabinets.typeId, cabinets.firmwareVersion)
    .orderBy(cabinets.typeId, cabinets.firmwareVersion);
}

const type = deviceTypeJoin(cabinets.typeId);

/** System → Upgrades → Versions: a type's cabinets and the version each runs. */
export const cabinetVersionList = defineList({
  endpoint: firmwareApi.versionDevices,
  table: cabinets,
  id: cabinets.id,
  select: {
    id: cabinets.id,
    number: cabinets.number,
    firmwareVersion: cabinets.firmwareVersion,
    online: cabinets.online,
    lastReportAt: cabinets.lastReportAt,
    typeName: type.name,
  },
  joins: [type.join],
  scope: cabinetScope,
  filters: {
    typeId: (typeId) => eq(cabinets.typeId, typeId),
    version: (version) => (version === '' ? isNull(cabinets.firmwareVersion) : eq(cabinets.firmwareVersion, version)),
  },
  defaultOrder: () => ({ column: cabinets.number, direction: 'asc' }),
  count: 'exact',
  present: (row: Omit<VersionDeviceRecord, 'lastReportAt'> & { lastReportAt: Date | null }): VersionDeviceRecord => ({
    ...row,
    lastReportAt: row.lastReportAt?.toISOString() ?? null,
  }),
});

/** Demo: the firmware version cabinets run, as their state would have reported it. */
export async function setDemoFirmwareVersions(db: Db, cabinetIds: number[], version: string): Promise<void> {
  if (cabinetIds.length === 0) return;
  await db.update(cabinets).set({ firmwareVersion: version }).where(inArray(cabinets.id, cabinetIds));
}

/** The caller's cabinets as choices (of a type if given), by number (docs/api.md, "Options calls"). */
export function cabinetOptions(
  ctx: Pick<Ctx, 'db' | 'principal'>,
  query: OptionsQuery & { typeId?: number | undefined },
): Promise<CabinetOption[]> {
  const select = { id: cabinets.id, number: cabinets.number, typeId: cabinets.typeId, firmwareVersion: cabinets.firmwareVersion };
  const scope = and(cabinetScope(ctx), query.typeId === undefined ? undefined : eq(cabinets.typeId, query.typeId));
  return answerOptions(ctx.db, { table: cabinets, name: cabinets.number, select, scope }, query);
}
