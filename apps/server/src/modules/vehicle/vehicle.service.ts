import { and, eq, inArray } from 'drizzle-orm';
import type { VehicleAdd, VehicleEdit, VehicleRecord, VehicleSale } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation, violatedConstraint } from '../../app/errors.js';
import { fieldInvalid } from '../../app/policy.js';
import { diff, recordAudit } from '../audit-log/index.js';
import {
  lockStockCounters,
  lockUsableDevices,
  numberConflict,
  placeOwner,
  refuseScrapped,
  refuseTakenNumber,
} from '../device-registry/index.js';
import { typeOfKind } from '../device-type/index.js';
import { refuseHiddenMerchant } from '../merchant/index.js';
import { holdBatteries, lockBatteriesByNumber } from '../battery/index.js';
import { appendDeviceLog } from '../device-log/index.js';
import { vehicles } from './vehicle.table.js';
import { vehicleDetail, vehicleScope } from './vehicle.query.js';
import { VEHICLE_KIND, vehicleSpecOf } from './vehicle.kind.js';

type DeviceType = Awaited<ReturnType<typeof typeOfKind>>;

function fieldsOf(body: VehicleAdd | VehicleEdit, type: DeviceType) {
  const spec = vehicleSpecOf(type);
  return {
    typeId: body.typeId,
    name: body.name ?? null,
    brand: body.brand ?? null,
    model: body.model ?? null,
    dealerId: body.dealerId ?? null,
    motorNumber: body.motorNumber ?? null,
    engineNumber: body.engineNumber ?? null,
    vin: body.vin ?? null,
    compartmentType: body.compartmentType ?? spec.compartmentType,
    rateCapacity: body.rateCapacity ?? spec.rateCapacity,
    rateVoltage: body.rateVoltage ?? spec.rateVoltage,
    activationStatus: body.activationStatus,
    availability: body.availability,
    saleMode: body.saleMode,
  };
}

/**
 * The batteries a vehicle is to hold, checked and locked inside the transaction: never more than
 * the type's compartments, each a battery of the vehicle's owner that the caller sees, not
 * scrapped, and in no other vehicle ("batteryAlreadyBound").
 */
async function bindable(
  tx: Db,
  ctx: Ctx,
  vehicle: { id: number | null; merchantId: number | null; type: DeviceType },
  numbers: { battery1Number?: string | null | undefined; battery2Number?: string | null | undefined },
): Promise<{ battery1Id: number | null; battery2Id: number | null }> {
  const n1 = numbers.battery1Number ?? null;
  const n2 = numbers.battery2Number ?? null;
  const compartments = vehicle.type.batteryCompartments ?? 1;
  const wanted = [n1, n2].filter((n): n is string => n !== null);
  if (wanted.length > compartments || (n2 !== null && compartments < 2)) throw new AppError('batteryCountExceeded');
  if (n1 !== null && n1 === n2) throw fieldInvalid(ctx, 'battery2Number');
  if (wanted.length === 0) return { battery1Id: null, battery2Id: null };
  const rows = await lockBatteriesByNumber(tx, ctx, wanted);
  const idOf = (number: string | null, field: 'battery1Number' | 'battery2Number'): number | null => {
    if (number === null) return null;
    const battery = rows.find((row) => row.number === number);
    if (!battery) throw new AppError('batteryMissing', undefined, { field });
    // A vehicle holds its owner's batteries only (platform stock with platform stock).
    if (battery.merchantId !== vehicle.merchantId) throw fieldInvalid(ctx, field);
    refuseScrapped([battery], field);
    // Binding a battery a cabinet is handing out would put it in two places.
    const alreadyHere = vehicle.id !== null && battery.vehicleId === vehicle.id;
    if (!alreadyHere && battery.swapLockedUntil && battery.swapLockedUntil > new Date())
      throw new AppError('batteryMidSwap', undefined, { field });
    if (battery.vehicleId !== null && battery.vehicleId !== vehicle.id) throw new AppError('batteryAlreadyBound', undefined, { field });
    return battery.id;
  };
  return { battery1Id: idOf(n1, 'battery1Number'), battery2Id: idOf(n2, 'battery2Number') };
}

/** Points the batteries at the vehicle and releases the ones it no longer holds. */
async function syncBatteries(tx: Db, vehicle: { id: number; number: string }, held: (number | null)[]): Promise<void> {
  const ids = held.filter((id): id is number => id !== null);
  await holdBatteries(tx, vehicle, ids);
}

function conflict(error: unknown): never {
  // A concurrent binding of the same battery, or the same number registered meanwhile (by any kind).
  if (isUniqueViolation(error) && (violatedConstraint(error) ?? '').includes('battery')) throw new AppError('batteryAlreadyBound');
  throw numberConflict(error, 'vehicleExists') ?? error;
}

export async function addVehicle(ctx: Ctx, body: VehicleAdd): Promise<VehicleRecord> {
  const type = await typeOfKind(ctx.db, 'vehicle', body.typeId);
  const merchantId = await placeOwner(ctx, body.merchantId);
  if (body.dealerId) await refuseHiddenMerchant(ctx, body.dealerId, 'dealerId');
  await refuseTakenNumber(ctx.db, 'vehicle', 'vehicleExists', body.number);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const bound = await bindable(tx, ctx, { id: null, merchantId, type }, body);
      const fields = { ...fieldsOf(body, type), ...bound, number: body.number, merchantId };
      const [created] = await tx.insert(vehicles).values(fields).returning({ id: vehicles.id });
      await syncBatteries(tx, { id: created!.id, number: body.number }, [bound.battery1Id, bound.battery2Id]);
      await recordAudit(tx, ctx, { action: 'vehicle.add', objectType: 'vehicle', objectId: created!.id, changes: fields });
      return created!.id;
    });
    return await vehicleDetail(ctx, id);
  } catch (error) {
    return conflict(error);
  }
}

/** Number and owner stay; batteries bind and unbind through battery1Number/battery2Number. */
export async function editVehicle(ctx: Ctx, body: VehicleEdit): Promise<VehicleRecord> {
  const type = await typeOfKind(ctx.db, 'vehicle', body.typeId);
  try {
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.id, body.id), vehicleScope(ctx)))
        .for('update');
      if (!current) throw new AppError('vehicleMissing');
      const wantsBatteries = body.battery1Number || body.battery2Number;
      if (current.scrapStatus === 'SCRAPPED' && wantsBatteries) throw new AppError('deviceScrapped');
      const bound = await bindable(tx, ctx, { id: current.id, merchantId: current.merchantId, type }, body);
      // A dealer already named stays without being asked again; a text written before dealers were merchants stays until one is chosen.
      const fields = fieldsOf(body, type);
      if (fields.dealerId !== null && fields.dealerId !== current.dealerId)
        await refuseHiddenMerchant(ctx, fields.dealerId, 'dealerId', tx);
      const after = { ...fields, dealer: fields.dealerId === null ? current.dealer : null, ...bound };
      const changes = diff(current, after);
      if (Object.keys(changes).length === 0) return;
      // A change of type moves the vehicle between stock counters: lock them in the shared order.
      if (after.typeId !== current.typeId) await lockStockCounters(tx, 'vehicle', [current], { typeId: after.typeId });
      await tx
        .update(vehicles)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(vehicles.id, current.id));
      await syncBatteries(tx, current, [bound.battery1Id, bound.battery2Id]);
      await recordAudit(tx, ctx, { action: 'vehicle.edit', objectType: 'vehicle', objectId: current.id, changes });
    });
  } catch (error) {
    conflict(error);
  }
  return vehicleDetail(ctx, body.id);
}

/**
 * POST /vehicle/sale: marks the selected vehicles sold or unsold, all or nothing. A scrapped vehicle
 * is refused (the shared device rule), and so is selling one whose sale mode allows no sale.
 */
export async function setVehicleSale(ctx: Ctx, body: VehicleSale): Promise<{ changed: number }> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockUsableDevices(tx, ctx, VEHICLE_KIND, { ids: body.ids });
    const ids = locked.map((row) => row.id);
    const rows = await tx
      .select({
        id: vehicles.id,
        number: vehicles.number,
        merchantId: vehicles.merchantId,
        saleMode: vehicles.saleMode,
        saleStatus: vehicles.saleStatus,
      })
      .from(vehicles)
      .where(inArray(vehicles.id, ids));
    if (body.saleStatus === 'SOLD') {
      const notForSale = rows.filter((row) => row.saleMode === 'RENT_ONLY' || row.saleMode === 'NEITHER').map((row) => row.number);
      if (notForSale.length) throw new AppError('vehicleNotForSale', undefined, { numbers: notForSale });
    }
    const changing = rows.filter((row) => row.saleStatus !== body.saleStatus);
    if (changing.length === 0) return { changed: 0 };
    await tx
      .update(vehicles)
      .set({ saleStatus: body.saleStatus, updatedAt: new Date() })
      .where(
        inArray(
          vehicles.id,
          changing.map((row) => row.id),
        ),
      );
    const at = new Date();
    await appendDeviceLog(
      tx,
      changing.map((row) => ({
        kind: 'state' as const,
        deviceKind: 'vehicle' as const,
        deviceId: row.id,
        merchantId: row.merchantId,
        text: body.saleStatus === 'SOLD' ? ('deviceLogSold' as const) : ('deviceLogUnsold' as const),
        at,
      })),
    );
    await recordAudit(tx, ctx, {
      action: 'vehicle.sale',
      objectType: 'vehicle',
      objectId: changing.length === 1 ? changing[0]!.id : undefined,
      changes: { saleStatus: body.saleStatus, numbers: changing.map((row) => row.number) },
    });
    return { changed: changing.length };
  });
}
