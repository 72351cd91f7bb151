import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { lockUsableDevices } from '../device-registry/index.js';
import { BATTERY_KIND } from './battery.kind.js';
import { batteries } from './battery.table.js';

/**
 * What an order needs of a battery it hands over (docs/orders.md): found among the batteries the
 * caller sees (another tenant's number answers "does not exist"), locked, refused when scrapped or
 * mid-swap; answered with its owner, type and the vehicle holding it.
 */
export async function lockBatteryForOrder(tx: Db, ctx: Ctx, number: string) {
  const [device] = await lockUsableDevices(tx, ctx, BATTERY_KIND, { numbers: [number] });
  const [row] = await tx
    .select({
      id: batteries.id,
      number: batteries.number,
      merchantId: batteries.merchantId,
      typeId: batteries.typeId,
      vehicleId: batteries.vehicleId,
    })
    .from(batteries)
    .where(eq(batteries.id, device!.id));
  return row!;
}

/** Batteries of a merchant in no vehicle and not scrapped, in number order: what the demo orders lease. */
export async function freeBatteriesOf(db: Db, merchantId: number, limit: number) {
  return db
    .select({ id: batteries.id, number: batteries.number, typeId: batteries.typeId })
    .from(batteries)
    .where(and(eq(batteries.merchantId, merchantId), isNull(batteries.vehicleId), eq(batteries.scrapStatus, 'NORMAL')))
    .orderBy(asc(batteries.number))
    .limit(limit);
}
