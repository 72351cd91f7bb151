import {
  DEVICE_NUMBER_PATTERN,
  fieldLabel,
  messageText,
  validationText,
  type BatchAddResult,
  type BatchCheckItem,
  type BatchCheckResult,
  type DeviceBatch,
  type DeviceScrap,
  type MessageKey,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { recordAudit } from '../audit-log/index.js';
import { placeOwner, type DeviceKindDef, type DeviceRow } from './device-registry.kind.js';
import { typeOfKind } from '../device-type/index.js';
import { lockStockCounters } from './device-registry.counters.js';
import { refuseScrapped } from './device-registry.guard.js';
import { numberConflict, takenNumbers } from './device-registry.numbers.js';

/** Every number of the batch as NEW, EXISTS (registered, or repeated in the batch) or INVALID. */
async function checkNumbers(ctx: Ctx, def: DeviceKindDef, numbers: string[]): Promise<{ result: BatchCheckResult; refusal: MessageKey }> {
  const taken = await takenNumbers(
    ctx.db,
    def.kind,
    def.exists,
    numbers.filter((n) => DEVICE_NUMBER_PATTERN.test(n)),
  );
  const seen = new Set<string>();
  const invalid = validationText('validation.invalid', ctx.lang, fieldLabel('number', ctx.lang));
  // The batch's refusal: the kind's own "already exists" unless every clash is with another kind.
  let refusal: MessageKey = 'numberUsedByOtherDevice';
  const items: BatchCheckItem[] = numbers.map((number) => {
    if (!DEVICE_NUMBER_PATTERN.test(number)) return { number, status: 'INVALID', reason: invalid };
    const repeated = seen.has(number);
    seen.add(number);
    const reason = repeated ? def.exists : taken.get(number);
    if (!reason) return { number, status: 'NEW', reason: null };
    if (reason === def.exists) refusal = def.exists;
    return { number, status: 'EXISTS', reason: messageText(reason, ctx.lang) };
  });
  const count = (status: BatchCheckItem['status']) => items.filter((item) => item.status === status).length;
  return {
    result: { total: items.length, newCount: count('NEW'), existsCount: count('EXISTS'), invalidCount: count('INVALID'), items },
    refusal,
  };
}

/** POST /<kind>/batch/check: writes nothing; the type and owner are checked as add would. */
export async function checkDeviceBatch(ctx: Ctx, def: DeviceKindDef, body: DeviceBatch): Promise<BatchCheckResult> {
  await typeOfKind(ctx.db, def.kind, body.typeId);
  await placeOwner(ctx, body.merchantId);
  return (await checkNumbers(ctx, def, body.numbers)).result;
}

/**
 * POST /<kind>/batch/add: all or nothing. Any number that exists or is invalid refuses the whole
 * batch with the check result as data, so the operator fixes the list instead of guessing what went in.
 */
export async function addDeviceBatch(ctx: Ctx, def: DeviceKindDef, body: DeviceBatch): Promise<BatchAddResult> {
  const type = await typeOfKind(ctx.db, def.kind, body.typeId);
  const merchantId = await placeOwner(ctx, body.merchantId);
  const { result: check, refusal } = await checkNumbers(ctx, def, body.numbers);
  if (check.invalidCount > 0) throw new AppError('illegalParameter', undefined, check);
  if (check.existsCount > 0) throw new AppError(refusal, undefined, check);
  try {
    const ids = await ctx.db.transaction(async (tx) => {
      const created = await def.insertMany(tx, {
        type,
        numbers: body.numbers,
        merchantId,
        brand: body.brand ?? null,
        model: body.model ?? null,
      });
      await recordAudit(tx, ctx, {
        action: `${def.kind}.batchAdd`,
        objectType: def.kind,
        changes: { typeId: type.id, merchantId, count: created.length, numbers: body.numbers },
      });
      return created;
    });
    return { added: ids.length, ids };
  } catch (error) {
    // Another operator registered one of the numbers since the check: the unique indexes decide.
    throw numberConflict(error, def.exists) ?? error;
  }
}

/** Devices the caller may see by ids and numbers, locked for the rest of the transaction. */
export async function lockDevices(
  tx: Db,
  ctx: Ctx,
  def: DeviceKindDef,
  target: { ids?: number[] | undefined; numbers?: string[] | undefined },
): Promise<DeviceRow[]> {
  const ids = [...new Set(target.ids ?? [])];
  const numbers = [...new Set(target.numbers ?? [])];
  const rows = await def.findDevices(tx, ctx, { ids, numbers }, true);
  // Another tenant's device answers exactly like one that does not exist.
  const missing = [
    ...ids.filter((id) => !rows.some((row) => row.id === id)).map(String),
    ...numbers.filter((n) => !rows.some((row) => row.number === n)),
  ];
  if (missing.length) throw new AppError(def.missing, undefined, { missing });
  await def.guardChange?.(
    tx,
    rows.map((row) => row.id),
  );
  return rows;
}

/**
 * Devices about to be used (stocked out, sold, distributed, bound): locked for the transaction in
 * id order, refused as a whole when the caller does not see one or one is scrapped.
 */
export async function lockUsableDevices(
  tx: Db,
  ctx: Ctx,
  def: DeviceKindDef,
  target: { ids?: number[] | undefined; numbers?: string[] | undefined },
): ReturnType<typeof lockDevices> {
  const rows = await lockDevices(tx, ctx, def, target);
  refuseScrapped(rows);
  return rows;
}

/** POST /<kind>/scrap: marks SCRAPPED with reason and time, all or nothing. */
export async function scrapDevices(ctx: Ctx, def: DeviceKindDef, body: DeviceScrap): Promise<{ scrapped: number }> {
  return ctx.db.transaction(async (tx) => {
    const rows = await lockDevices(tx, ctx, def, body);
    refuseScrapped(rows);
    const ids = rows.map((row) => row.id);
    await def.beforeScrap?.(tx, ids);
    await lockStockCounters(tx, def.kind, rows, { scrapStatus: 'SCRAPPED' });
    await def.markScrapped(tx, ids, body.reason);
    await recordAudit(tx, ctx, {
      action: `${def.kind}.scrap`,
      objectType: def.kind,
      changes: { numbers: rows.map((row) => row.number), reason: body.reason },
    });
    return { scrapped: ids.length };
  });
}
