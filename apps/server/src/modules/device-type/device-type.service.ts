import { and, asc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type {
  BatteryTypeAdd,
  BatteryTypeRecord,
  CabinetTypeAdd,
  CabinetTypeRecord,
  DeviceKind,
  DeviceTypeOption,
  DeviceTypeSearch,
  Page,
  VehicleTypeAdd,
  VehicleTypeRecord,
  deviceTypeApi,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation } from '../../app/errors.js';
import { countAll, likePattern, orderBy, pageWindow, prefixPattern, toPage, type SortColumns } from '../../app/pagination.js';
import { EXPORT_MAX_ROWS } from '../../app/csv.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { deviceTypes } from './device-type.table.js';
import { typeUsers } from './device-type.users.js';

export type TypeAdd<K extends DeviceKind> = K extends 'battery' ? BatteryTypeAdd : K extends 'vehicle' ? VehicleTypeAdd : CabinetTypeAdd;
export type TypeRecord<K extends DeviceKind> = K extends 'battery'
  ? BatteryTypeRecord
  : K extends 'vehicle'
    ? VehicleTypeRecord
    : CabinetTypeRecord;

type Row = typeof deviceTypes.$inferSelect;

/**
 * Whether devices of the type exist, asked of the kind's own module: EXISTS per row (an index probe
 * on the kind's (type_id, id) index), never a count of devices.
 */
function inUse(kind: DeviceKind): SQL<boolean> {
  return typeUsers().devicesOfType[kind](deviceTypes.id);
}

/** The kind's specification columns of a row, as the kind's record carries them. */
function spec(kind: DeviceKind, row: Row): Record<string, unknown> {
  if (kind === 'battery') {
    return {
      structure: row.structure,
      ratedVoltage: row.ratedVoltage,
      ratedCapacity: row.ratedCapacity,
      ratedCurrent: row.ratedCurrent,
      cellCount: row.cellCount,
      weight: row.weight,
    };
  }
  if (kind === 'vehicle') {
    return {
      batteryCompartments: row.batteryCompartments,
      compartmentType: row.compartmentType,
      ratedCapacity: row.ratedCapacity,
      ratedVoltage: row.ratedVoltage,
    };
  }
  return { compartmentCount: row.compartmentCount, chargerTotalPower: row.chargerTotalPower, externalMaxPower: row.externalMaxPower };
}

function present<K extends DeviceKind>(kind: K, row: Row & { inUse: boolean }): TypeRecord<K> {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    inUse: row.inUse,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...spec(kind, row),
  } as TypeRecord<K>;
}

function filters(kind: DeviceKind, query: DeviceTypeSearch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(deviceTypes.kind, kind)];
  if (query.code) conditions.push(ilike(deviceTypes.code, prefixPattern(query.code)));
  if (query.name) conditions.push(ilike(deviceTypes.name, likePattern(query.name)));
  if (query.structure && kind === 'battery') conditions.push(eq(deviceTypes.structure, query.structure));
  return and(...conditions);
}

const SORTABLE = { code: deviceTypes.code, name: deviceTypes.name, createdAt: deviceTypes.createdAt } satisfies SortColumns<
  typeof deviceTypeApi.battery.search
>;

export async function searchTypes<K extends DeviceKind>(ctx: Ctx, kind: K, query: DeviceTypeSearch): Promise<Page<TypeRecord<K>>> {
  const where = filters(kind, query);
  const { limit, offset } = pageWindow(query);
  const rows = await ctx.db
    .select({ type: deviceTypes, inUse: inUse(kind) })
    .from(deviceTypes)
    .where(where)
    .orderBy(...orderBy(query.sort, SORTABLE, [asc(deviceTypes.code)], deviceTypes.id))
    .limit(limit)
    .offset(offset);
  const [count] = await ctx.db.select({ n: countAll }).from(deviceTypes).where(where);
  return toPage(
    rows.map((row) => present(kind, { ...row.type, inUse: row.inUse })),
    count?.n ?? 0,
    query,
  );
}

export async function exportTypes<K extends DeviceKind>(ctx: Ctx, kind: K, query: DeviceTypeSearch): Promise<TypeRecord<K>[]> {
  const rows = await ctx.db
    .select({ type: deviceTypes, inUse: inUse(kind) })
    .from(deviceTypes)
    .where(filters(kind, query))
    .orderBy(...orderBy(query.sort, SORTABLE, [asc(deviceTypes.code)], deviceTypes.id))
    .limit(EXPORT_MAX_ROWS);
  return rows.map((row) => present(kind, { ...row.type, inUse: row.inUse }));
}

export async function typeDetail<K extends DeviceKind>(ctx: Pick<Ctx, 'db'>, kind: K, id: number): Promise<TypeRecord<K>> {
  const [row] = await ctx.db
    .select({ type: deviceTypes, inUse: inUse(kind) })
    .from(deviceTypes)
    .where(and(eq(deviceTypes.id, id), eq(deviceTypes.kind, kind)));
  if (!row) throw new AppError('typeMissing');
  return present(kind, { ...row.type, inUse: row.inUse });
}

/** Every type of a kind, for device forms and filters (types are few: a catalogue, not a fleet). */
export async function typeOptions(ctx: Ctx, kind: DeviceKind): Promise<DeviceTypeOption[]> {
  return ctx.db
    .select({ id: deviceTypes.id, code: deviceTypes.code, name: deviceTypes.name })
    .from(deviceTypes)
    .where(eq(deviceTypes.kind, kind))
    .orderBy(asc(deviceTypes.code));
}

async function assertCodeFree(db: Db, kind: DeviceKind, code: string, exceptId?: number): Promise<void> {
  const [found] = await db
    .select({ id: deviceTypes.id })
    .from(deviceTypes)
    .where(
      and(
        eq(deviceTypes.kind, kind),
        sql`lower(${deviceTypes.code}) = lower(${code})`,
        exceptId === undefined ? undefined : ne(deviceTypes.id, exceptId),
      ),
    )
    .limit(1);
  if (found) throw new AppError('typeExists', undefined, { field: 'code' });
}

/** The stored columns of a payload: shared identity plus the kind's specification. */
function fieldsOf<K extends DeviceKind>(kind: K, body: TypeAdd<K>) {
  const b = body as Partial<BatteryTypeAdd & VehicleTypeAdd & CabinetTypeAdd>;
  return {
    code: body.code,
    name: body.name,
    description: body.description,
    structure: kind === 'battery' ? (b.structure ?? null) : null,
    ratedVoltage: kind === 'cabinet' ? null : (b.ratedVoltage ?? null),
    ratedCapacity: kind === 'cabinet' ? null : (b.ratedCapacity ?? null),
    ratedCurrent: kind === 'battery' ? (b.ratedCurrent ?? null) : null,
    cellCount: kind === 'battery' ? (b.cellCount ?? null) : null,
    weight: kind === 'battery' ? (b.weight ?? null) : null,
    batteryCompartments: kind === 'vehicle' ? (b.batteryCompartments ?? null) : null,
    compartmentType: kind === 'vehicle' ? (b.compartmentType ?? null) : null,
    compartmentCount: kind === 'cabinet' ? (b.compartmentCount ?? null) : null,
    chargerTotalPower: kind === 'cabinet' ? (b.chargerTotalPower ?? null) : null,
    externalMaxPower: kind === 'cabinet' ? (b.externalMaxPower ?? null) : null,
  };
}

/** Platform only (route scope). */
export async function addType<K extends DeviceKind>(ctx: Ctx, kind: K, body: TypeAdd<K>): Promise<TypeRecord<K>> {
  await assertCodeFree(ctx.db, kind, body.code);
  const fields = fieldsOf(kind, body);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(deviceTypes)
        .values({ kind, ...fields })
        .returning({ id: deviceTypes.id });
      await recordAudit(tx, ctx, { action: `${kind}Type.add`, objectType: `${kind}Type`, objectId: created!.id, changes: fields });
      return created!.id;
    });
    return await typeDetail(ctx, kind, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('typeExists', undefined, { field: 'code' });
    throw error;
  }
}

/**
 * Platform only. A vehicle type in use keeps at least as many compartments as any of its vehicles
 * holds batteries, and a cabinet type in use keeps its compartment count (its cabinets were built from it).
 */
export async function editType<K extends DeviceKind>(ctx: Ctx, kind: K, body: TypeAdd<K> & { id: number }): Promise<TypeRecord<K>> {
  const current = await typeDetail(ctx, kind, body.id);
  const [row] = await ctx.db.select().from(deviceTypes).where(eq(deviceTypes.id, body.id));
  // A stored row carries every column a payload has, so it reads as one.
  const before = fieldsOf(kind, row as unknown as TypeAdd<K>);
  const after = fieldsOf(kind, body);
  const changes = diff(before, after);
  if (Object.keys(changes).length === 0) return current;
  if ('code' in changes) await assertCodeFree(ctx.db, kind, body.code, body.id);
  if (current.inUse && kind === 'cabinet' && 'compartmentCount' in changes) throw new AppError('typeInUse');
  if (current.inUse && kind === 'vehicle' && after.batteryCompartments === 1) {
    if (await typeUsers().typeHasVehicleWithTwoBatteries(ctx.db, body.id)) throw new AppError('batteryCountExceeded');
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(deviceTypes)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(deviceTypes.id, body.id));
      await recordAudit(tx, ctx, { action: `${kind}Type.edit`, objectType: `${kind}Type`, objectId: body.id, changes });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('typeExists', undefined, { field: 'code' });
    throw error;
  }
  return typeDetail(ctx, kind, body.id);
}

/** Platform only. A type with devices or stock history stays ("typeInUse"), a vehicle type named by base prices or products too ("typeHasPrices"), a battery type named by battery prices ("batteryTypeHasPrices"). */
export async function removeType(ctx: Ctx, kind: DeviceKind, id: number): Promise<null> {
  const current = await typeDetail(ctx, kind, id);
  if (current.inUse) throw new AppError('typeInUse');
  await ctx.db.transaction(async (tx) => {
    if (await typeUsers().typeHasStockHistory(tx, id)) throw new AppError('typeInUse');
    if (kind === 'vehicle' && (await typeUsers().typeHasPrices(tx, id))) throw new AppError('typeHasPrices');
    if (kind === 'battery' && (await typeUsers().typeHasPriceSettings(tx, id))) throw new AppError('batteryTypeHasPrices');
    // Lock the type so a device registered meanwhile either sees it gone or blocks this removal.
    await tx.select({ id: deviceTypes.id }).from(deviceTypes).where(eq(deviceTypes.id, id)).for('update');
    const [type] = await tx
      .select({ used: inUse(kind) })
      .from(deviceTypes)
      .where(eq(deviceTypes.id, id));
    if (type?.used) throw new AppError('typeInUse');
    // Counter rows of a type without devices all hold 0.
    await typeUsers().removeStockCountsOfType(tx, id);
    await tx.delete(deviceTypes).where(eq(deviceTypes.id, id));
    await recordAudit(tx, ctx, {
      action: `${kind}Type.remove`,
      objectType: `${kind}Type`,
      objectId: id,
      changes: { code: current.code, name: current.name },
    });
  });
  return null;
}
