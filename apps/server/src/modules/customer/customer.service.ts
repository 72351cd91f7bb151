import { and, desc, eq, like, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  CERTIFICATE_FORMATS,
  CUSTOMER_DETAIL_ROWS,
  messageText,
  normalisePhone,
  type CertificateType,
  type CustomerAdd,
  type CustomerDetail,
  type CustomerEdit,
  type CustomerRecord,
  type IdentityAuditInput,
  type IdentitySubmit,
  type MessageKey,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation, notFound } from '../../app/errors.js';
import { chosenAgent } from '../../app/owned-records.js';
import type { ListJoin } from '../../app/list.js';
import { prefixPattern } from '../../app/pagination.js';
import { fieldInvalid } from '../../app/policy.js';
import { recordAudit } from '../audit-log/index.js';
import { countFigures } from '../dashboard/index.js';
import { assertFilesOfTenants } from '../file/index.js';
import { merchantNameOf } from '../merchant/index.js';
import { vehiclesBoundTo } from '../vehicle/index.js';
import { customers, identitySubmissions } from './customer.table.js';

type CustomerRow = typeof customers.$inferSelect;

/** The batteries a customer holds: the battery module tells them at start-up (docs/architecture.md, "No two modules import each other"). */
type HeldBatteries = (db: Db, customerId: number, limit: number) => Promise<{ id: number; number: string }[]>;
let heldBatteries: HeldBatteries = () => Promise.resolve([]);

/** Tells the customer's page how to read the batteries the customer holds. */
export function readHeldBatteriesFrom(given: HeldBatteries): void {
  heldBatteries = given;
}

/** Merchant staff reach their merchant's customers; platform staff every merchant's. */
export const customerScope = (ctx: Pick<Ctx, 'principal'>) =>
  ctx.principal.merchantId === null ? undefined : eq(customers.merchantId, ctx.principal.merchantId);

export function presentCustomer(row: CustomerRow, merchantName: string | null): CustomerRecord {
  return {
    id: row.id,
    customerNumber: row.customerNumber,
    merchantId: row.merchantId,
    merchantName,
    givenName: row.givenName,
    familyName: row.familyName,
    phone: row.phone,
    certificateType: row.certificateType,
    certificateNumber: row.certificateNumber,
    authStatus: row.authStatus,
    restriction: row.restriction,
    restrictReason: row.restrictReason,
    deletion: row.deletion,
    createdAt: row.createdAt.toISOString(),
  };
}

async function answer(db: Db, row: CustomerRow): Promise<CustomerRecord> {
  const [named] = await db
    .select({ name: merchantNameOf(customers.merchantId) })
    .from(customers)
    .where(eq(customers.id, row.id));
  return presentCustomer(row, named?.name ?? null);
}

/** Locks one of the caller's customers; another tenant's id answers "does not exist". */
async function lockCustomer(tx: Db, ctx: Ctx, id: number): Promise<CustomerRow> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), customerScope(ctx)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * The merchant of one of the caller's customers, named by the text id of an upload's field: an
 * identity photo is stored there. Another tenant's or an unknown id answers "does not exist".
 */
export async function customerTenantOf(ctx: Ctx, text: string | undefined): Promise<number> {
  const id = text !== undefined && /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : 0;
  if (id < 1) throw fieldInvalid(ctx, 'customerId');
  const [row] = await ctx.db
    .select({ merchantId: customers.merchantId, deletion: customers.deletion, customerNumber: customers.customerNumber })
    .from(customers)
    .where(and(eq(customers.id, id), customerScope(ctx)));
  if (!row) throw notFound();
  if (row.deletion === 'DELETED') throw new AppError('customerDeleted', { customer: row.customerNumber });
  return row.merchantId;
}

const named = (row: CustomerRow) => ({ customer: row.customerNumber });

function refuseDeleted(row: CustomerRow): void {
  if (row.deletion === 'DELETED') throw new AppError('customerDeleted', named(row));
}

/** The unique index a violation names, whichever driver or wrapper raised it. */
function violatedIndex(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    const detail = (current as { message?: unknown }).message;
    if (typeof detail === 'string' && detail.includes('customer_number_key')) return 'customer_number_key';
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

/** A phone or number taken by another customer of the merchant answers 7002 or 7012 naming the field. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (violatedIndex(error) === 'customer_number_key') throw new AppError('customerNumberTaken', undefined, { field: 'customerNumber' });
    throw new AppError('customerPhoneTaken', undefined, { field: 'phone' });
  }
}

/** Staff register a customer; without a number given, the number is "C" and 100000 plus its id. */
export async function addCustomer(ctx: Ctx, input: CustomerAdd): Promise<CustomerRecord> {
  return writing(() =>
    ctx.db.transaction(async (tx) => {
      const merchantId = await chosenAgent(ctx, input.merchantId, tx);
      const next = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('customer', 'id'))::int as id`);
      const id = (next as { rows: { id: number }[] }).rows[0]!.id;
      const fields = { givenName: input.givenName, familyName: input.familyName, phone: normalisePhone(input.phone) };
      const [row] = await tx
        .insert(customers)
        .values({ id, merchantId, customerNumber: input.customerNumber ?? `C${100000 + id}`, ...fields })
        .returning();
      await countFigures(tx, [{ merchantId, at: row!.createdAt, newUsers: 1 }]);
      await recordAudit(tx, ctx, {
        action: 'customer.add',
        objectType: 'customer',
        objectId: id,
        changes: { customerNumber: row!.customerNumber, ...fields, ...(ctx.principal.merchantId === null ? { merchantId } : {}) },
      });
      return answer(tx, row!);
    }),
  );
}

export async function editCustomer(ctx: Ctx, input: CustomerEdit): Promise<CustomerRecord> {
  return writing(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockCustomer(tx, ctx, input.id);
      refuseDeleted(before);
      const fields = { givenName: input.givenName, familyName: input.familyName, phone: normalisePhone(input.phone) };
      const [row] = await tx
        .update(customers)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(customers.id, input.id))
        .returning();
      const changes = Object.fromEntries(
        Object.entries(fields)
          .filter(([key, value]) => before[key as keyof typeof fields] !== value)
          .map(([key, value]) => [key, { from: before[key as keyof typeof fields], to: value }]),
      );
      await recordAudit(tx, ctx, { action: 'customer.edit', objectType: 'customer', objectId: input.id, changes });
      return answer(tx, row!);
    }),
  );
}

/** Marks a customer deleted: the row stays, so old records still name it (docs/customers.md). */
export async function removeCustomer(ctx: Ctx, id: number): Promise<CustomerRecord> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockCustomer(tx, ctx, id);
    refuseDeleted(before);
    const [row] = await tx.update(customers).set({ deletion: 'DELETED', updatedAt: new Date() }).where(eq(customers.id, id)).returning();
    await recordAudit(tx, ctx, {
      action: 'customer.remove',
      objectType: 'customer',
      objectId: id,
      changes: { customerNumber: before.customerNumber, deletion: { from: 'NORMAL', to: 'DELETED' } },
    });
    return answer(tx, row!);
  });
}

/** Restricts (or relaxes) a customer with the reason; a second restrict or relax is refused. */
export async function setRestriction(ctx: Ctx, id: number, restrict: boolean, reason: string): Promise<CustomerRecord> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockCustomer(tx, ctx, id);
    refuseDeleted(before);
    if (restrict && before.restriction === 'RESTRICTED') throw new AppError('customerAlreadyRestricted');
    if (!restrict && before.restriction === 'UNRESTRICTED') throw new AppError('customerNotRestricted');
    const restriction = restrict ? 'RESTRICTED' : 'UNRESTRICTED';
    const [row] = await tx
      .update(customers)
      .set({ restriction, restrictReason: reason, updatedAt: new Date() })
      .where(eq(customers.id, id))
      .returning();
    await recordAudit(tx, ctx, {
      action: restrict ? 'customer.restrict' : 'customer.relax',
      objectType: 'customer',
      objectId: id,
      changes: { customerNumber: before.customerNumber, restriction: { from: before.restriction, to: restriction }, reason },
    });
    return answer(tx, row!);
  });
}

export async function customerDetailOf(ctx: Ctx, id: number): Promise<CustomerDetail> {
  const [found] = await ctx.db
    .select({ row: customers, merchantName: merchantNameOf(customers.merchantId) })
    .from(customers)
    .where(and(eq(customers.id, id), customerScope(ctx)));
  if (!found) throw notFound();
  const submissions = await ctx.db
    .select({ id: identitySubmissions.id, auditState: identitySubmissions.auditState, submittedAt: identitySubmissions.submittedAt })
    .from(identitySubmissions)
    .where(eq(identitySubmissions.customerId, id))
    .orderBy(desc(identitySubmissions.submittedAt))
    .limit(CUSTOMER_DETAIL_ROWS);
  return {
    ...presentCustomer(found.row, found.merchantName),
    devices: await vehiclesBoundTo(ctx.db, id, CUSTOMER_DETAIL_ROWS),
    batteries: await heldBatteries(ctx.db, id, CUSTOMER_DETAIL_ROWS),
    submissions: submissions.map((s) => ({ ...s, submittedAt: s.submittedAt.toISOString() })),
  };
}

/**
 * The customer a top-up, wallet or application of a merchant names by number, checked inside the
 * caller's transaction: unknown (7000) and deleted (7001) customers are refused naming the number,
 * and, when `usable` is asked, restricted ones (7005). The row is share-locked, so it cannot be
 * deleted or restricted before the caller's write commits.
 */
export async function assertCustomerOf(
  db: Db,
  merchantId: number,
  customerNumber: string,
  options: { unrestricted?: boolean; field?: string } = {},
): Promise<{ id: number }> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.customerNumber, customerNumber)))
    .for('share');
  if (!row) throw new AppError('customerMissing', { customer: customerNumber }, { field: options.field ?? 'customerId' });
  refuseDeleted(row);
  if (options.unrestricted && row.restriction === 'RESTRICTED') throw new AppError('customerRestricted', named(row));
  return { id: row.id };
}

/**
 * The customer an order names (by id), share-locked inside the caller's transaction: a deleted
 * (7001) or restricted (7005) customer is refused naming its number, so no order of theirs moves on.
 */
export async function assertCustomerUsable(db: Db, customerId: number): Promise<void> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId)).for('share');
  if (!row) throw notFound();
  refuseDeleted(row);
  if (row.restriction === 'RESTRICTED') throw new AppError('customerRestricted', named(row));
}

/**
 * The id of the merchant's customer of a number, as a subquery for another module's statement (a
 * swap's or reservation's customer reference, docs/customers.md "Swaps and reservations"): null when
 * the merchant has no customer of that number. Served by the (merchant, number) unique index.
 */
export function customerIdByNumber(merchantId: number | SQLWrapper, customerNumber: string | SQLWrapper): SQL<number | null> {
  return sql<
    number | null
  >`(select ${customers.id} from ${customers} where ${customers.merchantId} = ${merchantId} and ${customers.customerNumber} = ${customerNumber})`;
}

/** The customer a row names, joined to it, with the columns the caller selects (number and names). */
export function customerJoin(customerId: PgColumn) {
  return {
    join: { table: customers, on: eq(customers.id, customerId) } satisfies ListJoin,
    customerNumber: customers.customerNumber,
    givenName: customers.givenName,
    familyName: customers.familyName,
  };
}

/** A customer's number (its wallet's key at its merchant, docs/wallet.md). */
export async function customerNumberOf(db: Db, customerId: number): Promise<string> {
  const [row] = await db.select({ number: customers.customerNumber }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw notFound();
  return row.number;
}

/** The ids of the customers whose number starts so, within a merchant when given: a subquery for another list's filter. */
export function customerIdsByNumber(db: Db, prefix: string, merchantId: number | null) {
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(like(customers.customerNumber, prefixPattern(prefix)), merchantId === null ? undefined : eq(customers.merchantId, merchantId)),
    );
}

// Identity audits

/** Serialises the checks of one certificate (type and number), so two customers cannot both pass with it. */
async function lockCertificate(tx: Db, type: CertificateType, number: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`certificate:${type}:${number}`}))`);
}

/** Another live customer of the merchant approved with this certificate, if any. */
async function holderOf(tx: Db, merchantId: number, customerId: number, type: CertificateType, number: string) {
  const [other] = await tx
    .select({ customerNumber: customers.customerNumber })
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        ne(customers.id, customerId),
        eq(customers.certificateType, type),
        eq(customers.certificateNumber, number),
        eq(customers.authStatus, 'APPROVED'),
        eq(customers.deletion, 'NORMAL'),
      ),
    )
    .limit(1);
  return other?.customerNumber ?? null;
}

/**
 * A submission sent on the customer's behalf: the automatic check fails a number without its type's
 * format or one another customer holds; otherwise it waits for a person. The customer's status
 * follows in the same transaction (docs/customers.md, "Identity audits").
 */
export async function submitIdentity(ctx: Ctx, input: IdentitySubmit): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, ctx, input.customerId);
    refuseDeleted(customer);
    if (customer.authStatus === 'APPROVED') throw new AppError('identityAlreadyApproved');
    const [pending] = await tx
      .select({ id: identitySubmissions.id })
      .from(identitySubmissions)
      .where(and(eq(identitySubmissions.customerId, customer.id), eq(identitySubmissions.auditState, 'PENDING')));
    if (pending) throw new AppError('identityPending');
    const tenants = [customer.merchantId, ctx.principal.merchantId];
    for (const fileId of input.documentFileIds) await assertFilesOfTenants({ ...ctx, db: tx }, { documentFileIds: fileId }, tenants);
    await assertFilesOfTenants({ ...ctx, db: tx }, { faceFileId: input.faceFileId }, tenants);
    const number = input.certificateNumber;
    await lockCertificate(tx, input.certificateType, number);
    let finding: { key: MessageKey; reason: string } | null = null;
    if (!CERTIFICATE_FORMATS[input.certificateType].test(number)) finding = { key: 'identityFormatWrong', reason: '' };
    else {
      const holder = await holderOf(tx, customer.merchantId, customer.id, input.certificateType, number);
      if (holder) finding = { key: 'identityDuplicate', reason: holder };
    }
    const [row] = await tx
      .insert(identitySubmissions)
      .values({
        customerId: customer.id,
        merchantId: customer.merchantId,
        certificateType: input.certificateType,
        certificateNumber: number,
        documentFileIds: input.documentFileIds,
        faceFileId: input.faceFileId ?? null,
        submitter: 'MERCHANT',
        ...(finding
          ? {
              auditState: 'FAILED' as const,
              auditMode: 'AUTOMATIC' as const,
              autoFinding: finding.key,
              auditReason: finding.reason,
              auditedAt: new Date(),
            }
          : {}),
      })
      .returning({ id: identitySubmissions.id });
    const authStatus = finding ? 'NOT_CERTIFIED' : 'TO_BE_REVIEWED';
    await tx.update(customers).set({ authStatus, updatedAt: new Date() }).where(eq(customers.id, customer.id));
    await recordAudit(tx, ctx, {
      action: 'identity.submit',
      objectType: 'identity',
      objectId: row!.id,
      changes: {
        customerNumber: customer.customerNumber,
        certificateType: input.certificateType,
        certificateNumber: number,
        auditState: finding ? 'FAILED' : 'PENDING',
      },
    });
    return row!.id;
  });
}

/**
 * A person passes or fails a pending submission. The submission is locked first, so of two staff
 * deciding at once one decides and the other is told it was already audited; passing checks again
 * that no other customer holds the certificate. The customer's status follows in the same transaction.
 */
export async function auditIdentity(ctx: Ctx, input: IdentityAuditInput): Promise<number> {
  const reason = input.reason?.trim() ?? '';
  if (input.decision === 'FAILED' && reason === '') throw new AppError('identityReasonRequired', undefined, { field: 'reason' });
  return ctx.db.transaction(async (tx) => {
    const [submission] = await tx
      .select()
      .from(identitySubmissions)
      .where(
        and(
          eq(identitySubmissions.id, input.id),
          ctx.principal.merchantId === null ? undefined : eq(identitySubmissions.merchantId, ctx.principal.merchantId),
        ),
      )
      .for('update');
    if (!submission) throw notFound();
    if (submission.auditState !== 'PENDING') throw new AppError('identityAlreadyAudited');
    const customer = await lockCustomer(tx, { ...ctx, principal: { ...ctx.principal, merchantId: null } }, submission.customerId);
    const decision = input.decision;
    if (decision === 'PASSED') {
      await lockCertificate(tx, submission.certificateType, submission.certificateNumber);
      const holder = await holderOf(tx, customer.merchantId, customer.id, submission.certificateType, submission.certificateNumber);
      if (holder) throw new AppError('identityDuplicate', { customer: holder });
    }
    await tx
      .update(identitySubmissions)
      .set({
        auditState: decision,
        auditMode: 'MANUAL',
        auditReason: reason,
        auditorId: ctx.principal.id,
        auditorName: ctx.principal.name || ctx.principal.username,
        auditedAt: new Date(),
      })
      .where(eq(identitySubmissions.id, submission.id));
    await tx
      .update(customers)
      .set(
        decision === 'PASSED'
          ? {
              authStatus: 'APPROVED',
              certificateType: submission.certificateType,
              certificateNumber: submission.certificateNumber,
              updatedAt: new Date(),
            }
          : { authStatus: 'NOT_CERTIFIED', updatedAt: new Date() },
      )
      .where(eq(customers.id, customer.id));
    // The dashboard's authenticated users: an approval counts in the hour it was given.
    if (decision === 'PASSED' && customer.authStatus !== 'APPROVED')
      await countFigures(tx, [{ merchantId: customer.merchantId, at: new Date(), approvedUsers: 1 }]);
    await recordAudit(tx, ctx, {
      action: 'identity.audit',
      objectType: 'identity',
      objectId: submission.id,
      changes: { customerNumber: customer.customerNumber, auditState: { from: 'PENDING', to: decision }, reason },
    });
    return submission.id;
  });
}

/** The reason shown for a decision: the automatic check's finding in the reader's language, or the person's words. */
export function auditReasonIn(row: { autoFinding: string | null; auditReason: string }, ctx: Pick<Ctx, 'lang'>): string {
  if (!row.autoFinding) return row.auditReason;
  return messageText(row.autoFinding as MessageKey, ctx.lang, { customer: row.auditReason });
}

/** A merchant's customers by number (the demo orders name them): id, number and whether they may order. */
export async function customersOf(db: Db, merchantId: number) {
  return db
    .select({
      id: customers.id,
      customerNumber: customers.customerNumber,
      restriction: customers.restriction,
      deletion: customers.deletion,
    })
    .from(customers)
    .where(eq(customers.merchantId, merchantId))
    .orderBy(customers.customerNumber);
}
