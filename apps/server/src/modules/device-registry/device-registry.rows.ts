import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { deviceScope, type DeviceRow, type DeviceRows } from './device-registry.kind.js';

/**
 * What the shared device code reads and changes on a kind's rows (find and lock, scrap), built by the
 * kind from its own table and the columns every kind has, as a list is declared with `defineList`:
 * the device registry holds no table of another module (docs/architecture.md, "Boundaries").
 */
export function deviceRowsOf(
  table: PgTable,
  c: { id: PgColumn; number: PgColumn; typeId: PgColumn; merchantId: PgColumn; stockStatus: PgColumn; scrapStatus: PgColumn },
): DeviceRows {
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
        .select({
          id: sql<number>`${c.id}`,
          number: sql<string>`${c.number}`,
          typeId: sql<number>`${c.typeId}`,
          merchantId: sql<number | null>`${c.merchantId}`,
          stockStatus: sql<string>`${c.stockStatus}`,
          scrapStatus: sql<string>`${c.scrapStatus}`,
        })
        .from(table)
        .where(and(or(...conditions), deviceScope(ctx, c.merchantId)))
        .orderBy(c.id);
      return lock ? query.for('update') : query;
    },
    async markScrapped(tx: Db, ids: number[], reason: string): Promise<void> {
      await tx.execute(
        sql`update ${table} set scrap_status = 'SCRAPPED', scrap_reason = ${reason}, scrapped_at = now(), updated_at = now() where ${inArray(c.id, ids)}`,
      );
    },
  };
}
