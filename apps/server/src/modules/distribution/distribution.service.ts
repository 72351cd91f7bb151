import { sql } from 'drizzle-orm';
import {
  messageText,
  type DistributionBatch,
  type DistributionCheckItem,
  type DistributionCheckResult,
  type DistributionRecall,
  type DistributionResult,
  type MessageKey,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { recordAudit } from '../audit-log/index.js';
import { chunks, lockStockCounters, type DeviceKindDef, type DevicePlacement, type Placement } from '../device-registry/index.js';
import { merchantExists, merchantNameOf } from '../merchant/index.js';
import { admitCabinet, describeStations, lockDistributionStation } from '../station/index.js';
import { distributionRecords } from './distribution.table.js';

/** Where a batch goes: the merchant, and the station with its name (null: none). */
interface Target extends Placement {
  stationName: string | null;
}

/**
 * The merchant a batch goes to: merchant staff distribute to their own merchant only (another is
 * "unauthorized distribution"); platform staff name an existing one, or none only to place the
 * platform's own devices in one of its own stations.
 */
async function targetMerchant(ctx: Ctx, body: DistributionBatch): Promise<number | null> {
  const own = ctx.principal.merchantId;
  const merchantId = body.merchantId ?? null;
  if (own !== null) {
    if (merchantId !== null && merchantId !== own) throw new AppError('unauthorizedDistribution');
    return own;
  }
  if (merchantId === null) {
    if (body.stationId === undefined || body.stationId === null)
      throw new AppError('platformMustChooseAgent', undefined, { field: 'merchantId' });
    return null;
  }
  if (!(await merchantExists(ctx.db, merchantId))) throw new AppError('agentMissing', undefined, { field: 'merchantId' });
  return merchantId;
}

/**
 * The station, locked: one the caller may see, of the target merchant ("assignment not allowed"
 * otherwise); vehicles go to integrated stations only; a cabinet joins a station as the cabinet form
 * places it (docs/stations-and-maps.md, "Cabinets in stations"), one at a time into an integrated one.
 */
async function targetStation(tx: Db, ctx: Ctx, def: DeviceKindDef, merchantId: number | null, stationId: number, count: number) {
  const station = await lockDistributionStation(tx, ctx, stationId);
  if (station.merchantId !== merchantId) throw new AppError('assignmentNotAllowed', undefined, { field: 'stationId' });
  if (def.kind === 'vehicle' && station.type !== 'INTEGRATED')
    throw new AppError('onlyIntegratedStations', undefined, { field: 'stationId' });
  if (def.kind === 'cabinet') {
    if (station.type === 'INTEGRATED' && count > 1) throw new AppError('onlyOneCabinet', undefined, { field: 'stationId' });
    await admitCabinet(tx, ctx, { stationId, ownerId: merchantId });
  }
  return station;
}

/** Why one device cannot go to the target; undefined when it can. */
function refusalOf(row: DevicePlacement, to: Placement): MessageKey | undefined {
  if (row.scrapStatus === 'SCRAPPED') return 'deviceScrapped';
  // Assigned to a station: recalled first, never moved silently.
  if (row.assigned) return 'repeatedAllocation';
  // Another merchant's device goes to a merchant only once recalled to the platform.
  if (row.merchantId !== null && row.merchantId !== to.merchantId) return 'illegalDistribution';
  // A battery in a vehicle, or a vehicle holding batteries, keeps the owner of the other device.
  if (row.tied && row.merchantId !== to.merchantId) return 'illegalDistribution';
  if (to.stationId === null && row.merchantId === to.merchantId) return 'repeatedAllocation';
  return undefined;
}

/** Every number in order, as the distribution decides it, and the rows found. */
function decide(ctx: Ctx, def: DeviceKindDef, numbers: string[], rows: DevicePlacement[], to: Placement) {
  const byNumber = new Map(rows.map((row) => [row.number, row]));
  const seen = new Set<string>();
  let first: MessageKey | undefined;
  const items: DistributionCheckItem[] = numbers.map((number) => {
    const row = byNumber.get(number);
    const key: MessageKey | undefined = !row ? def.missing : seen.has(number) ? 'repeatedAllocation' : refusalOf(row, to);
    seen.add(number);
    if (!key) return { number, status: 'READY', reason: null };
    first ??= key;
    return { number, status: 'REFUSED', reason: messageText(key, ctx.lang) };
  });
  const readyCount = items.filter((item) => item.status === 'READY').length;
  const result: DistributionCheckResult = { total: items.length, readyCount, refusedCount: items.length - readyCount, items };
  return { result, first };
}

/** The merchant's name now, for the history row (null: the platform). */
export async function merchantName(tx: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const result = await tx.execute(sql`select ${merchantNameOf(sql`${id}::int`)} as name`);
  return (result as { rows: { name: string | null }[] }).rows[0]?.name ?? null;
}

type Movement = 'DISTRIBUTE' | 'RECALL';

/** Moves the locked devices to the target and writes their history, one statement each (docs/scaling.md). */
async function move(tx: Db, ctx: Ctx, def: DeviceKindDef, rows: DevicePlacement[], to: Target, movement: Movement, remark: string) {
  await def.guardChange?.(
    tx,
    rows.map((row) => row.id),
  );
  await lockStockCounters(tx, def.kind, rows, { merchantId: to.merchantId });
  await def.place(
    tx,
    rows.map((row) => row.id),
    to,
  );
  const merchantIds = [...new Set([to.merchantId, ...rows.map((row) => row.merchantId)])];
  const names = new Map(await Promise.all(merchantIds.map(async (id) => [id, await merchantName(tx, id)] as const)));
  const stationIds = [...new Set(rows.flatMap((row) => (row.stationId === null ? [] : [row.stationId])))];
  const stationNames = await describeStations(tx, stationIds);
  const now = new Date();
  for (const part of chunks(rows, 1000)) {
    await tx.insert(distributionRecords).values(
      part.map((row) => ({
        kind: def.kind,
        action: movement,
        deviceId: row.id,
        deviceNumber: row.number,
        fromMerchantId: row.merchantId,
        fromMerchantName: names.get(row.merchantId) ?? null,
        fromStationId: row.stationId,
        fromStationName: row.stationId === null ? null : (stationNames.get(row.stationId)?.name ?? null),
        toMerchantId: to.merchantId,
        toMerchantName: names.get(to.merchantId) ?? null,
        toStationId: to.stationId,
        toStationName: to.stationName,
        operatorId: ctx.principal.id,
        operatorName: ctx.principal.username,
        remark,
        createdAt: now,
      })),
    );
  }
  await recordAudit(tx, ctx, {
    action: `${def.kind}.${movement === 'DISTRIBUTE' ? 'distribute' : 'recall'}`,
    objectType: def.kind,
    changes: { numbers: rows.map((row) => row.number), merchantId: to.merchantId, stationId: to.stationId, remark },
  });
}

/**
 * POST /distribution/<kind>/check and /distribute: the same decision; check writes nothing and
 * answers every number, distribute writes all of them in one transaction with the devices locked, or
 * nothing: any number refused refuses the batch with the first reason and the check as data.
 */
export async function distribute(ctx: Ctx, def: DeviceKindDef, body: DistributionBatch, write: false): Promise<DistributionCheckResult>;
export async function distribute(ctx: Ctx, def: DeviceKindDef, body: DistributionBatch, write: true): Promise<DistributionResult>;
export async function distribute(
  ctx: Ctx,
  def: DeviceKindDef,
  body: DistributionBatch,
  write: boolean,
): Promise<DistributionCheckResult | DistributionResult> {
  const merchantId = await targetMerchant(ctx, body);
  return ctx.db.transaction(async (tx) => {
    const rows = await def.findPlacements(tx, ctx, [...new Set(body.numbers)], write);
    const stationId = body.stationId ?? null;
    // The station is decided before any device (locked after them, as the cabinet form does): another
    // tenant's station answers "does not exist" whatever the devices are.
    const count = write ? rows.length : body.numbers.length;
    const station = stationId === null ? null : await targetStation(tx, ctx, def, merchantId, stationId, count);
    const { result, first } = decide(ctx, def, body.numbers, rows, { merchantId, stationId });
    if (!write) return result;
    if (first) throw new AppError(first, undefined, result);
    await move(tx, ctx, def, rows, { merchantId, stationId, stationName: station?.name ?? null }, 'DISTRIBUTE', body.remark);
    return { count: rows.length };
  });
}

/**
 * POST /distribution/<kind>/recall: the devices leave their station; platform staff also take them
 * back to platform stock. All or nothing; a device with nothing to recall, or one held by or holding
 * another device whose owner would change, refuses the batch with the numbers at fault.
 */
export async function recall(ctx: Ctx, def: DeviceKindDef, body: DistributionRecall): Promise<DistributionResult> {
  const own = ctx.principal.merchantId;
  const numbers = [...new Set(body.numbers)];
  return ctx.db.transaction(async (tx) => {
    const rows = await def.findPlacements(tx, ctx, numbers, true);
    const missing = numbers.filter((number) => !rows.some((row) => row.number === number));
    if (missing.length) throw new AppError(def.missing, undefined, { missing });
    const idle = rows.filter((row) => !row.assigned && row.merchantId === own).map((row) => row.number);
    if (idle.length) throw new AppError('illegalDistribution', undefined, { numbers: idle });
    const tied = rows.filter((row) => row.tied && row.merchantId !== own).map((row) => row.number);
    if (tied.length) throw new AppError('illegalDistribution', undefined, { numbers: tied });
    await move(tx, ctx, def, rows, { merchantId: own, stationId: null, stationName: null }, 'RECALL', body.remark);
    return { count: rows.length };
  });
}
