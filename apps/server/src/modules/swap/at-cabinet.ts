import { eq, inArray, like, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../app/context.js';
import type { ListJoin } from '../../app/list.js';
import { prefixPattern } from '../../app/pagination.js';
import { merchants } from '../merchant/merchant.table.js';
import { cabinets } from '../cabinet/cabinet.table.js';
import { deviceScope } from '../device/index.js';

/**
 * What the lists of swap records and reservations share: rows at a cabinet (joined for its number)
 * of an owner (joined for its name), scoped to the caller's tenant, found by the cabinet's number prefix.
 */
export function atCabinet(columns: { cabinetId: PgColumn; merchantId: PgColumn }) {
  return {
    joins: [
      { table: cabinets, on: eq(cabinets.id, columns.cabinetId) },
      { table: merchants, on: eq(merchants.id, columns.merchantId), left: true },
    ] satisfies ListJoin[],
    scope: (ctx: Ctx): SQL | undefined => deviceScope(ctx, columns.merchantId),
    cabinetNumber: (number: string, ctx: Ctx): SQL =>
      inArray(
        columns.cabinetId,
        ctx.db
          .select({ id: cabinets.id })
          .from(cabinets)
          .where(like(cabinets.number, prefixPattern(number))),
      ),
  };
}
