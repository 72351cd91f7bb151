import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { StockStatus } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import {
  chunks,
  deviceScope,
  type DevicePlacement,
  type DeviceRow,
  type DeviceRows,
  type NewDevices,
  type Placement,
} from './device-registry.kind.js';

/**
 * Inserts one batch of a kind's devices (docs/adding-a-resource.md): the numbers with the batch's
 * type, owner, brand and model and the kind's specification columns from the type (`spec`), in
 * multi-row inserts inside the caller's transaction; answers their ids in number order.
 */
export async function insertDevices<T extends PgTable & { id: PgColumn; $inferInsert: object }>(
  tx: Db,
  table: T,
  devices: NewDevices,
  spec: Omit<T['$inferInsert'], 'number' | 'typeId'>,
): Promise<number[]> {
  const common = { typeId: devices.type.id, merchantId: devices.merchantId, brand: devices.brand, model: devices.model, ...spec };
  const ids: number[] = [];
  for (const part of chunks(devices.numbers)) {
    // drizzle cannot relate the rows to a table given as a type parameter: `spec` is checked against it above.
    const rows = await tx
      .insert(table as PgTable)
      .values(part.map((number) => ({ ...common, number })) as never)
      .returning({ id: table.id });
    ids.push(...rows.map((row) => row.id as number));
  }
  return ids;
}

/**
 * What the shared device code reads and changes on a kind's rows (find and lock, scrap), built by the
 * kind from its own table and the columns every kind has, as a list is declared with `defineList`:
 * the device registry holds no table of another module (docs/architecture.md, "Boundaries").
 */
export function deviceRowsOf(
  table: PgTable,
  c: {
    id: PgColumn;
    number: PgColumn;
    typeId: PgColumn;
    merchantId: PgColumn;
    stockStatus: PgColumn;
    scrapStatus: PgColumn;
    stationId: PgColumn;
    /** The kind's assigned/unassigned column; none when standing in a station is what assigned means (cabinets). */
    distributionStatus?: PgColumn;
    /** True for a device held by or holding another one (docs/operation-centre.md, "Distribution"). */
    tied?: SQL;
  },
): DeviceRows {
  const assigned = c.distributionStatus ? sql<boolean>`${c.distributionStatus} = 'ASSIGNED'` : sql<boolean>`${c.stationId} is not null`;
  /** What every read of a kind's rows answers (a DeviceRow); placements add where the device stands. */
  const row = {
    id: sql<number>`${c.id}`,
    number: sql<string>`${c.number}`,
    typeId: sql<number>`${c.typeId}`,
    merchantId: sql<number | null>`${c.merchantId}`,
    stockStatus: sql<string>`${c.stockStatus}`,
    scrapStatus: sql<string>`${c.scrapStatus}`,
  };
  return {
    async findDevices(
      db: Db,
      ctx: Pick<Ctx, 'principal'>,
      which: { ids: number[]; numbers: string[] },
      lock: boolean,
    ): Promise<DeviceRow[]> {
      const conditions: SQL[] = [];
      if (which.ids.length) conditions.push(inArray(c.id, which.ids));
      if (which.numbers.length) conditions.push(inArray(c.number, which.numbers));
      if (conditions.length === 0) return [];
      const query = db
        .select(row)
        .from(table)
        .where(and(or(...conditions), deviceScope(ctx, c.merchantId)))
        .orderBy(c.id);
      return lock ? query.for('update') : query;
    },
    async findPlacements(db: Db, ctx: Pick<Ctx, 'principal'>, numbers: string[], lock: boolean): Promise<DevicePlacement[]> {
      if (numbers.length === 0) return [];
      const query = db
        .select({
          ...row,
          stationId: sql<number | null>`${c.stationId}`,
          assigned,
          tied: sql<boolean>`${c.tied ?? sql`false`}`,
        })
        .from(table)
        .where(and(inArray(c.number, numbers), deviceScope(ctx, c.merchantId)))
        .orderBy(c.id);
      return lock ? query.for('update') : query;
    },
    async place(tx: Db, ids: number[], to: Placement): Promise<void> {
      if (ids.length === 0) return;
      const status = c.distributionStatus ? sql`, distribution_status = ${to.stationId === null ? 'UNASSIGNED' : 'ASSIGNED'}` : sql``;
      await tx.execute(
        sql`update ${table} set merchant_id = ${to.merchantId}, station_id = ${to.stationId}${status}, updated_at = now() where ${inArray(c.id, ids)}`,
      );
    },
    async setStockStatus(tx: Db, ids: number[], status: StockStatus): Promise<void> {
      await tx.execute(sql`update ${table} set stock_status = ${status}, updated_at = now() where ${inArray(c.id, ids)}`);
    },
    async markScrapped(tx: Db, ids: number[], reason: string): Promise<void> {
      await tx.execute(
        sql`update ${table} set scrap_status = 'SCRAPPED', scrap_reason = ${reason}, scrapped_at = now(), updated_at = now() where ${inArray(c.id, ids)}`,
      );
    },
  };
}
