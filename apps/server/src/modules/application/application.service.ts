import { and, arrayOverlaps, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  applicationMayMove,
  enumWord,
  type ApplicationAdd,
  type ApplicationDeviceKind,
  type ApplicationHandle,
  type ApplicationStatus,
  type ApplicationStep,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { fieldInvalid } from '../../app/policy.js';
import { assertCustomerOf } from '../customer/index.js';
import { recordAudit } from '../audit-log/index.js';
import { merchantExists } from '../merchant/index.js';
import { lockUsableDevices, type DeviceKindDef, type DeviceRow } from '../device-registry/index.js';
import { BATTERY_KIND, setBatteriesReturning } from '../battery/index.js';
import { VEHICLE_KIND } from '../vehicle/index.js';
import { applications, applicationSteps } from './application.table.js';

const KINDS: Record<ApplicationDeviceKind, DeviceKindDef> = { battery: BATTERY_KIND, vehicle: VEHICLE_KIND };

/** States an application is still open in: its devices are on their way back. */
const OPEN: ApplicationStatus[] = ['AUDIT', 'HANDLING'];

const unique = (numbers: readonly string[]) => [...new Set(numbers)];

/** The merchant an application is made for: a merchant's staff their own; platform staff must name one. */
async function applicationOwner(ctx: Ctx, merchantId: number | null | undefined): Promise<number> {
  if (ctx.principal.merchantId !== null) return ctx.principal.merchantId;
  if (merchantId === undefined || merchantId === null) throw new AppError('platformMustChooseAgent');
  if (!(await merchantExists(ctx.db, merchantId))) throw new AppError('agentMissing');
  return merchantId;
}

/**
 * The merchant's devices of a kind with these numbers, locked for the transaction: each must exist,
 * belong to the merchant (another owner's answers like one that does not exist) and not be scrapped.
 */
async function lockMerchantDevices(
  tx: Db,
  ctx: Ctx,
  kind: ApplicationDeviceKind,
  merchantId: number,
  numbers: string[],
): Promise<DeviceRow[]> {
  const def = KINDS[kind];
  const rows = await lockUsableDevices(tx, ctx, def, { numbers });
  const foreign = rows.filter((row) => row.merchantId !== merchantId).map((row) => row.number);
  if (foreign.length) throw new AppError(def.missing, undefined, { missing: foreign });
  return rows;
}

/** Refuses devices another open application of the same kind already names (or hands out). */
async function refuseOpenApplications(tx: Db, kind: ApplicationDeviceKind, numbers: string[], except?: number): Promise<void> {
  const open = await tx
    .select({ deviceNumbers: applications.deviceNumbers, exchangeNumbers: applications.exchangeNumbers })
    .from(applications)
    .where(
      and(
        eq(applications.deviceKind, kind),
        inArray(applications.applicationStatus, OPEN),
        arrayOverlaps(applications.deviceNumbers, numbers),
        except === undefined ? undefined : ne(applications.id, except),
      ),
    );
  const taken = numbers.filter((n) => open.some((row) => row.deviceNumbers.includes(n)));
  if (taken.length) throw new AppError('applicationDeviceOpen', { numbers: taken.join(', ') }, { numbers: taken });
}

/** The application of the caller's tenant with this id, locked for the transaction. */
async function lockApplication(tx: Db, ctx: Ctx, id: number) {
  const own = ctx.principal.merchantId;
  const [row] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), own === null ? undefined : eq(applications.merchantId, own)))
    .for('update');
  if (!row) throw new AppError('applicationMissing');
  return row;
}

/**
 * Registers an application on a customer's behalf, in AUDIT: the customer is the merchant's, not
 * deleted and not restricted (docs/customers.md); the devices are the merchant's, not
 * scrapped and in no other open application; batteries are marked as being returned at once.
 * Answers the new id.
 */
export async function addApplication(ctx: Ctx, input: ApplicationAdd): Promise<number> {
  const merchantId = await applicationOwner(ctx, input.merchantId);
  const numbers = unique(input.deviceNumbers);
  return ctx.db.transaction(async (tx) => {
    await assertCustomerOf(tx, merchantId, input.customerId, { unrestricted: true });
    const devices = await lockMerchantDevices(tx, ctx, input.deviceKind, merchantId, numbers);
    await refuseOpenApplications(tx, input.deviceKind, numbers);
    const [row] = await tx
      .insert(applications)
      .values({
        merchantId,
        applicationType: input.applicationType,
        customerId: input.customerId,
        deviceKind: input.deviceKind,
        deviceIds: devices.map((device) => device.id),
        deviceNumbers: devices.map((device) => device.number),
        reason: input.reason,
      })
      .returning({ id: applications.id });
    const id = row!.id;
    await tx.insert(applicationSteps).values({
      applicationId: id,
      fromStatus: null,
      toStatus: 'AUDIT',
      operatorId: ctx.principal.id,
      operatorName: ctx.principal.name || ctx.principal.username,
      remark: input.reason,
    });
    if (input.deviceKind === 'battery')
      await setBatteriesReturning(
        tx,
        devices.map((device) => device.id),
        true,
      );
    await recordAudit(tx, ctx, {
      action: 'application.add',
      objectType: 'application',
      objectId: id,
      changes: {
        applicationType: input.applicationType,
        customerId: input.customerId,
        deviceKind: input.deviceKind,
        deviceNumbers: numbers,
        ...(ctx.principal.merchantId === null ? { merchantId } : {}),
      },
    });
    return id;
  });
}

/**
 * Moves an application one step (docs/operation-centre.md, "Applications"): only the allowed
 * transitions; the row is locked first, so of two racing steps from the same state one wins and the
 * other is refused naming the state it found. A replacement completes with the devices given in
 * exchange. Leaving the open states ends the batteries' return.
 */
export async function handleApplication(ctx: Ctx, input: ApplicationHandle): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockApplication(tx, ctx, input.id);
    const from = row.applicationStatus;
    const to = input.toStatus;
    if (!applicationMayMove(from, to)) {
      throw new AppError('applicationMoveRefused', {
        from: enumWord('application.status', from, ctx.lang),
        to: enumWord('application.status', to, ctx.lang),
      });
    }
    const exchange = unique(input.exchangeNumbers ?? []);
    const exchanging = row.applicationType === 'REPLACE' && to === 'COMPLETE';
    if (!exchanging && exchange.length) throw fieldInvalid(ctx, 'exchangeNumbers');
    if (exchanging) {
      if (exchange.length !== row.deviceNumbers.length)
        throw new AppError('applicationExchangeRequired', undefined, { field: 'exchangeNumbers' });
      if (exchange.some((n) => row.deviceNumbers.includes(n)))
        throw new AppError('applicationExchangeSame', undefined, { field: 'exchangeNumbers' });
      await lockMerchantDevices(tx, ctx, row.deviceKind, row.merchantId, exchange);
      await refuseOpenApplications(tx, row.deviceKind, exchange, row.id);
    }
    const remark = input.remark ?? '';
    await tx
      .update(applications)
      .set({ applicationStatus: to, ...(exchanging ? { exchangeNumbers: exchange } : {}), updatedAt: new Date() })
      .where(eq(applications.id, row.id));
    await tx.insert(applicationSteps).values({
      applicationId: row.id,
      fromStatus: from,
      toStatus: to,
      operatorId: ctx.principal.id,
      operatorName: ctx.principal.name || ctx.principal.username,
      remark,
    });
    if (row.deviceKind === 'battery' && !OPEN.includes(to)) await setBatteriesReturning(tx, row.deviceIds, false);
    await recordAudit(tx, ctx, {
      action: 'application.handle',
      objectType: 'application',
      objectId: row.id,
      changes: { fromStatus: from, toStatus: to, ...(remark ? { remark } : {}), ...(exchanging ? { exchangeNumbers: exchange } : {}) },
    });
    return row.id;
  });
}

/** An application's steps, oldest first. */
export async function applicationStepsOf(db: Db, id: number): Promise<ApplicationStep[]> {
  const rows = await db.select().from(applicationSteps).where(eq(applicationSteps.applicationId, id)).orderBy(asc(applicationSteps.id));
  return rows.map((row) => ({
    id: row.id,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    operatorName: row.operatorName,
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
  }));
}
