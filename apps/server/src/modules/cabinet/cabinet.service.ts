import { and, eq } from 'drizzle-orm';
import type { CabinetAdd, CabinetDetail, CabinetEdit } from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { refuseHiddenMerchant } from '../merchant/index.js';
import { numberConflict, placeOwner, refuseTakenNumber } from '../device-registry/index.js';
import { typeOfKind } from '../device-type/index.js';
import { cabinets } from './cabinet.table.js';
import { cabinetDetail, cabinetScope } from './cabinet.query.js';
import { cabinetSpecOf, createCompartments } from './cabinet.kind.js';

function fieldsOf(body: CabinetAdd | CabinetEdit, spec: Pick<ReturnType<typeof cabinetSpecOf>, 'chargerTotalPower' | 'externalMaxPower'>) {
  return {
    brand: body.brand ?? null,
    model: body.model ?? null,
    productNumber: body.productNumber ?? null,
    networkType: body.networkType ?? null,
    communicationType: body.communicationType ?? null,
    factoryDate: body.factoryDate ?? null,
    radiatorSetting: body.radiatorSetting,
    externalMaxPower: body.externalMaxPower ?? spec.externalMaxPower,
    chargerTotalPower: body.chargerTotalPower ?? spec.chargerTotalPower,
    meterCount: body.meterCount ?? null,
    imei: body.imei ?? null,
    androidSerialNumber: body.androidSerialNumber ?? null,
    sellerId: body.sellerId ?? null,
    purchaseTime: body.purchaseTime ? new Date(body.purchaseTime) : null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    location: body.location ?? null,
  };
}

/** A new cabinet comes with its type's compartments, empty and enabled. */
export async function addCabinet(ctx: Ctx, body: CabinetAdd): Promise<CabinetDetail> {
  const type = await typeOfKind(ctx.db, 'cabinet', body.typeId);
  const merchantId = await placeOwner(ctx, body.merchantId);
  await refuseTakenNumber(ctx.db, 'cabinet', 'cabinetExists', body.number);
  const spec = cabinetSpecOf(type);
  if (body.sellerId) await refuseHiddenMerchant(ctx, body.sellerId, 'sellerId');
  const fields = { ...fieldsOf(body, spec), compartmentCount: spec.compartmentCount, typeId: type.id, number: body.number, merchantId };
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [created] = await tx.insert(cabinets).values(fields).returning({ id: cabinets.id });
      await createCompartments(tx, [created!.id], spec.compartmentCount);
      await recordAudit(tx, ctx, { action: 'cabinet.add', objectType: 'cabinet', objectId: created!.id, changes: fields });
      return created!.id;
    });
    return await cabinetDetail(ctx, id);
  } catch (error) {
    throw numberConflict(error, 'cabinetExists', { field: 'number' }) ?? error;
  }
}

/**
 * Number, owner, type, compartments and station stay; the maintained fields are replaced. A cabinet
 * joins or leaves a station by distribution only (docs/operation-centre.md, "Distribution").
 */
export async function editCabinet(ctx: Ctx, body: CabinetEdit): Promise<CabinetDetail> {
  const [current] = await ctx.db
    .select()
    .from(cabinets)
    .where(and(eq(cabinets.id, body.id), cabinetScope(ctx)));
  if (!current) throw new AppError('cabinetMissing');
  // A seller already named stays without being asked again; a text written before sellers were merchants stays until one is chosen.
  const fields = fieldsOf(body, current);
  if (fields.sellerId !== null && fields.sellerId !== current.sellerId) await refuseHiddenMerchant(ctx, fields.sellerId, 'sellerId');
  const after = { ...fields, seller: fields.sellerId === null ? current.seller : null };
  const changes = diff(current, after);
  if (Object.keys(changes).length > 0) {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(cabinets)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(cabinets.id, current.id));
      await recordAudit(tx, ctx, { action: 'cabinet.edit', objectType: 'cabinet', objectId: current.id, changes });
    });
  }
  return cabinetDetail(ctx, current.id);
}
