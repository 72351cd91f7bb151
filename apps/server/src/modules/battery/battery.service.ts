import { and, eq } from 'drizzle-orm';
import type { BatteryAdd, BatteryEdit, BatteryRecord } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { lockStockCounters, numberConflict, placeOwner, refuseTakenNumber } from '../device-registry/index.js';
import { typeOfKind } from '../device-type/index.js';
import { batteries } from './battery.table.js';
import { batteryDetail, batteryScope, isMidSwap } from './battery.query.js';
import { batterySpecOf } from './battery.kind.js';

/** Maintained fields of a payload; the specification falls back to the type's where not given. */
function fieldsOf(body: BatteryAdd | BatteryEdit, spec: ReturnType<typeof batterySpecOf>) {
  return {
    typeId: body.typeId,
    name: body.name ?? null,
    brand: body.brand ?? null,
    model: body.model ?? null,
    imei: body.imei ?? null,
    softwareVersion: body.softwareVersion ?? null,
    hardwareVersion: body.hardwareVersion ?? null,
    bmsBrand: body.bmsBrand ?? null,
    cellBrand: body.cellBrand ?? null,
    androidSerialNumber: body.androidSerialNumber ?? null,
    weight: body.weight ?? spec.weight,
    ratedVoltage: body.ratedVoltage ?? spec.ratedVoltage,
    ratedCapacity: body.ratedCapacity ?? spec.ratedCapacity,
    ratedCurrent: body.ratedCurrent ?? spec.ratedCurrent,
    cellCount: body.cellCount ?? spec.cellCount,
    structure: body.structure ?? spec.structure,
  };
}

/**
 * Return status as sent; absent keeps what the battery has (new: not returning). The distribution
 * status is distribution's alone (docs/operation-centre.md, "Distribution").
 */
function statusesOf(body: BatteryAdd | BatteryEdit, current?: Pick<typeof batteries.$inferSelect, 'returnStatus'>) {
  return {
    returnStatus: body.returnStatus ?? current?.returnStatus ?? 'NONE',
  };
}

export async function addBattery(ctx: Ctx, body: BatteryAdd): Promise<BatteryRecord> {
  const type = await typeOfKind(ctx.db, 'battery', body.typeId);
  const merchantId = await placeOwner(ctx, body.merchantId);
  await refuseTakenNumber(ctx.db, 'battery', 'batteryExists', body.number);
  const fields = { ...fieldsOf(body, batterySpecOf(type)), ...statusesOf(body), number: body.number, merchantId };
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [created] = await tx.insert(batteries).values(fields).returning({ id: batteries.id });
      await recordAudit(tx, ctx, { action: 'battery.add', objectType: 'battery', objectId: created!.id, changes: fields });
      return created!.id;
    });
    return await batteryDetail(ctx, id);
  } catch (error) {
    throw numberConflict(error, 'batteryExists', { field: 'number' }) ?? error;
  }
}

/** Number and owner stay; a new type brings its specification for the fields not sent. */
export async function editBattery(ctx: Ctx, body: BatteryEdit): Promise<BatteryRecord> {
  const type = await typeOfKind(ctx.db, 'battery', body.typeId);
  const id = await ctx.db.transaction(async (tx) => {
    // Locked while checked and written: an authorization granted meanwhile cannot slip between them.
    const [current] = await tx
      .select()
      .from(batteries)
      .where(and(eq(batteries.id, body.id), batteryScope(ctx)))
      .for('update');
    if (!current) throw new AppError('batteryMissing');
    // A cabinet is handing it out: its record must stay as authorized until the swap is reported.
    if (isMidSwap(current.swapLockedUntil)) throw new AppError('batteryMidSwap');
    const after = { ...fieldsOf(body, batterySpecOf(type)), ...statusesOf(body, current) };
    const changes = diff(current, after);
    if (Object.keys(changes).length === 0) return current.id;
    // A change of type moves the battery between stock counters: lock them in the shared order.
    if (after.typeId !== current.typeId) await lockStockCounters(tx, 'battery', [current], { typeId: after.typeId });
    await tx
      .update(batteries)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(batteries.id, current.id));
    await recordAudit(tx, ctx, { action: 'battery.edit', objectType: 'battery', objectId: current.id, changes });
    return current.id;
  });
  return batteryDetail(ctx, id);
}
