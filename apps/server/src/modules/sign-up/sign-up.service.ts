import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { normaliseSignInName, type Language, type MerchantApplicationRecord, type SignUpApply, type UploadedFile } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError, isUniqueViolation, notFound } from '../../app/errors.js';
import { fieldInvalid } from '../../app/policy.js';
import { assertStrongPassword, findSignInAccount, hashPassword, holdSignInNames, insertMerchantAdministrator } from '../account/index.js';
import { recordAnonymousAudit, recordAudit } from '../audit-log/index.js';
import { readImageUpload, storeApplicantImage } from '../file/index.js';
import { insertMerchant, merchantNameTaken } from '../merchant/index.js';
import { addMerchantAdministratorRole } from '../role/index.js';
import { reserveAttempt, type Applicant, type ThrottlePolicy } from '../session/index.js';
import { enqueueJobs } from '../job/index.js';
import { APPLICANT_MAIL_QUEUE } from './sign-up.mail.js';
import { merchantApplications, signUpUploads } from './sign-up.table.js';
import { applicationDetail } from './sign-up.query.js';

const DOCUMENTS = ['idCardFrontFileId', 'idCardBackFileId', 'facePhotoFileId'] as const;
/** How long an uploaded document waits for its application. */
const UPLOAD_HOURS = 24;

/**
 * The public sign-up calls are throttled the sign-in throttle's way (docs/security.md): each one
 * reserves a try on its keys before any work, and a key past its allowance waits, doubling up to
 * LOGIN_WINDOW_MINUTES. Applications and uploads count even when they succeed.
 */
async function throttle(db: Db, keys: { pair: string; account: string; address: string }, policy: ThrottlePolicy): Promise<void> {
  const reservation = await reserveAttempt(db, keys, policy);
  if (!reservation.ok) throw new AppError('tooManyAttempts', undefined, { retryAfterSeconds: reservation.retryAfterSeconds });
}

/** A document for a sign-up, by someone not signed in: stored for the platform, remembered with the sender's address. */
export async function uploadDocument(db: Db, req: FastifyRequest, policy: ThrottlePolicy): Promise<UploadedFile> {
  // Three documents an application, a few tries each: three times the sign-in allowance.
  await throttle(
    db,
    { pair: `sign-up-file@${req.ip}`, account: `sign-up-file:${req.ip}`, address: `sign-up-files@${req.ip}` },
    { ...policy, maxFailures: policy.maxFailures * 3 },
  );
  const { upload } = await readImageUpload(req);
  return db.transaction(async (tx) => {
    const file = await storeApplicantImage(tx, upload);
    await tx.insert(signUpUploads).values({ fileId: file.id, ip: req.ip });
    await recordAnonymousAudit(
      tx,
      { username: '', accountId: null, merchantId: null, ip: req.ip },
      { action: 'file.upload', objectType: 'file', objectId: file.id, changes: file },
    );
    return file;
  });
}

/** The sign-in key of a contact phone: one pending application per contact however it is spaced. */
const contactKey = (contact: string) => normaliseSignInName(contact);

/**
 * A company applies: the username must be free (no account and no waiting application holds it),
 * the merchant name too, the contact may have one waiting application, and the three documents
 * must be ones this address uploaded for sign-up and no application used yet.
 */
export async function apply(
  db: Db,
  who: { ip: string; lang: Language },
  body: SignUpApply,
  policy: ThrottlePolicy,
): Promise<{ id: number; status: 'PENDING' }> {
  const usernameKey = normaliseSignInName(body.username);
  await throttle(db, { pair: `sign-up@${who.ip}`, account: `sign-up:${contactKey(body.contact)}`, address: `sign-ups@${who.ip}` }, policy);
  if (await findSignInAccount(db, body.username)) throw new AppError('userNameExists', undefined, { field: 'username' });
  if (await merchantNameTaken(db, body.name)) throw new AppError('recordExists', undefined, { field: 'name' });
  const documents = DOCUMENTS.map((field) => body[field]);
  if (new Set(documents).size !== documents.length) throw fieldInvalid(who, 'idCardBackFileId');
  await assertStrongPassword(who.lang, body.password, body.username);
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      // Looked at again holding the name: an account added meanwhile under it wins.
      await holdSignInNames(tx, [body.username]);
      if (await findSignInAccount(tx, body.username)) throw new AppError('userNameExists', undefined, { field: 'username' });
      const [created] = await tx
        .insert(merchantApplications)
        .values({
          name: body.name,
          type: body.type,
          personInCharge: body.personInCharge,
          contact: body.contact,
          contactKey: contactKey(body.contact),
          email: body.email,
          language: who.lang,
          officeAddress: body.officeAddress,
          idCardFrontFileId: body.idCardFrontFileId,
          idCardBackFileId: body.idCardBackFileId,
          facePhotoFileId: body.facePhotoFileId,
          username: body.username,
          usernameKey,
          passwordHash,
          ip: who.ip,
        })
        .returning({ id: merchantApplications.id });
      const id = created!.id;
      // Each document once, and only from the address that uploaded it for sign-up, lately.
      const claimed = await tx
        .update(signUpUploads)
        .set({ applicationId: id })
        .where(
          and(
            inArray(signUpUploads.fileId, documents),
            eq(signUpUploads.ip, who.ip),
            isNull(signUpUploads.applicationId),
            sql`${signUpUploads.createdAt} > now() - make_interval(hours => ${UPLOAD_HOURS})`,
          ),
        )
        .returning({ fileId: signUpUploads.fileId });
      const missing = DOCUMENTS.find((field) => !claimed.some((row) => row.fileId === body[field]));
      if (missing) throw fieldInvalid(who, missing);
      await recordAnonymousAudit(
        tx,
        { username: body.username, accountId: null, merchantId: null, ip: who.ip },
        {
          action: 'merchantApplication.add',
          objectType: 'merchantApplication',
          objectId: id,
          changes: {
            name: body.name,
            type: body.type,
            personInCharge: body.personInCharge,
            contact: body.contact,
            email: body.email,
            username: body.username,
          },
        },
      );
      return { id, status: 'PENDING' as const };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two applications at once, or one already waiting: the pending indexes decide.
    const [waiting] = await db
      .select({ usernameKey: merchantApplications.usernameKey })
      .from(merchantApplications)
      .where(and(eq(merchantApplications.status, 'PENDING'), eq(merchantApplications.usernameKey, usernameKey)));
    if (waiting) throw new AppError('userNameExists', undefined, { field: 'username' });
    throw new AppError('applicationPendingForContact', undefined, { field: 'contact' });
  }
}

/** The application locked for review, still waiting; refused once reviewed. */
async function lockPending(tx: Db, id: number) {
  const [row] = await tx.select().from(merchantApplications).where(eq(merchantApplications.id, id)).for('update');
  if (!row) throw notFound();
  if (row.status !== 'PENDING') throw new AppError('applicationReviewed');
  return row;
}

/**
 * Approves: the merchant, its administrator role and its administrator account (the applied username,
 * password and mail) are created in one transaction with the application's review, each audited; the
 * applicant's mail is queued in it too.
 */
export async function approve(ctx: Ctx, id: number): Promise<MerchantApplicationRecord> {
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await lockPending(tx, id);
      if (await merchantNameTaken(tx, row.name)) throw new AppError('recordExists', undefined, { field: 'name' });
      const fields = {
        name: row.name,
        type: row.type,
        personInCharge: row.personInCharge,
        contact: row.contact,
        officeAddress: row.officeAddress,
        idCardFrontFileId: row.idCardFrontFileId,
        idCardBackFileId: row.idCardBackFileId,
        facePhotoFileId: row.facePhotoFileId,
      };
      const merchantId = await insertMerchant(tx, fields);
      await recordAudit(tx, ctx, { action: 'merchant.add', objectType: 'merchant', objectId: merchantId, changes: fields });
      const roleId = await addMerchantAdministratorRole(tx, merchantId);
      await recordAudit(tx, ctx, {
        action: 'role.add',
        objectType: 'role',
        objectId: roleId,
        changes: { name: 'Merchant admin', merchantId },
      });
      const accountId = await insertMerchantAdministrator(tx, {
        merchantId,
        username: row.username,
        name: row.personInCharge,
        phone: null,
        passwordHash: row.passwordHash,
        email: row.email || null,
        roleId,
        createdBy: ctx.principal.id,
      });
      await recordAudit(tx, ctx, {
        action: 'account.add',
        objectType: 'account',
        objectId: accountId,
        changes: {
          username: row.username,
          name: row.personInCharge,
          email: row.email || null,
          type: 'NORMAL',
          accountType: 'MERCHANT',
          merchantId,
          roleIds: [roleId],
        },
      });
      await tx
        .update(merchantApplications)
        .set({ status: 'APPROVED', merchantId, accountId, reviewedBy: ctx.principal.id, reviewedAt: sql`now()` })
        .where(eq(merchantApplications.id, row.id));
      await recordAudit(tx, ctx, {
        action: 'merchantApplication.approve',
        objectType: 'merchantApplication',
        objectId: row.id,
        changes: { status: 'APPROVED', merchantId, username: row.username },
      });
      await enqueueJobs(tx, [{ queue: APPLICANT_MAIL_QUEUE, payload: { applicationId: row.id } }]);
    });
  } catch (error) {
    // The merchant's name or the username was taken meanwhile (its registry refuses the second holder).
    if (isUniqueViolation(error)) {
      const [row] = await ctx.db.select().from(merchantApplications).where(eq(merchantApplications.id, id));
      if (row && (await merchantNameTaken(ctx.db, row.name))) throw new AppError('recordExists', undefined, { field: 'name' });
      throw new AppError('userNameExists', undefined, { field: 'username' });
    }
    throw error;
  }
  return applicationDetail(ctx, id);
}

/** Rejects with a reason the applicant reads when signing in with the applied name, and in the mail queued with it. */
export async function reject(ctx: Ctx, id: number, reason: string): Promise<MerchantApplicationRecord> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    await tx
      .update(merchantApplications)
      .set({ status: 'REJECTED', reason, reviewedBy: ctx.principal.id, reviewedAt: sql`now()` })
      .where(eq(merchantApplications.id, row.id));
    await recordAudit(tx, ctx, {
      action: 'merchantApplication.reject',
      objectType: 'merchantApplication',
      objectId: row.id,
      changes: { status: 'REJECTED', reason },
    });
    await enqueueJobs(tx, [{ queue: APPLICANT_MAIL_QUEUE, payload: { applicationId: row.id } }]);
  });
  return applicationDetail(ctx, id);
}

/**
 * The latest application not yet approved under a sign-in name (sign-in tells its applicant where
 * it stands); none once approved, when the account answers instead.
 */
export async function applicantOf(db: Db, name: string): Promise<Applicant | undefined> {
  const [row] = await db
    .select({
      username: merchantApplications.username,
      passwordHash: merchantApplications.passwordHash,
      status: merchantApplications.status,
      reason: merchantApplications.reason,
    })
    .from(merchantApplications)
    .where(eq(merchantApplications.usernameKey, normaliseSignInName(name)))
    .orderBy(desc(merchantApplications.createdAt), desc(merchantApplications.id))
    .limit(1);
  if (!row || row.status === 'APPROVED') return undefined;
  return { ...row, status: row.status };
}
