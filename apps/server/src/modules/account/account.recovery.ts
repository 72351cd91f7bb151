import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { isLanguage, normaliseSignInName, type Language } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../app/errors.js';
import { merchantNameOf } from '../merchant/index.js';
import { accounts, passwordResets, signInNames } from './account.table.js';

/**
 * Password recovery and one's own password (docs/security.md, "Password recovery"): single-use
 * reset links whose token is kept only as a hash, and the password writes that end the account's
 * other ways in.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who a recovery asks for: by username or phone (the sign-in names), or by the email on the profile. */
export async function findRecoveryAccount(db: Db, name: string) {
  const columns = {
    id: accounts.id,
    username: accounts.username,
    name: accounts.name,
    email: accounts.email,
    language: accounts.language,
    status: accounts.status,
    merchantId: accounts.merchantId,
  };
  const [byName] = await db
    .select(columns)
    .from(signInNames)
    .innerJoin(accounts, eq(accounts.id, signInNames.accountId))
    .where(eq(signInNames.name, normaliseSignInName(name)));
  if (byName || !name.includes('@')) return byName;
  const [byEmail] = await db
    .select(columns)
    .from(accounts)
    .where(sql`lower(${accounts.email}) = lower(${name.trim()})`)
    .orderBy(accounts.id)
    .limit(1);
  return byEmail;
}

/** The language a mail to the account is written in: the one on its profile, else the asker's. */
export function mailLanguage(account: { language: string | null }, asked: Language): Language {
  return isLanguage(account.language) ? account.language : asked;
}

/** A new reset link's token for the account; only its hash is stored. */
export async function issueResetToken(db: Db, accountId: number, minutes: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    accountId,
    tokenHash: hashOf(token),
    expiresAt: sql`now() + make_interval(mins => ${minutes})`,
  });
  return token;
}

/** Notes the address a reset link goes to by mail (null: it went to the outbox): using the link then proves the address is its reader's. */
export async function markResetLinkMailed(db: Db, token: string, address: string | null): Promise<void> {
  await db
    .update(passwordResets)
    .set({ mailedTo: address })
    .where(eq(passwordResets.tokenHash, hashOf(token)));
}

/** The account a reset link is for, or the reason it cannot be used (not ours, expired, used). */
export async function accountOfResetToken(db: Db, token: string) {
  const [row] = await db
    .select({
      accountId: passwordResets.accountId,
      expired: sql<boolean>`${passwordResets.expiresAt} <= now()`,
      usedAt: passwordResets.usedAt,
      username: accounts.username,
      status: accounts.status,
      merchantId: accounts.merchantId,
    })
    .from(passwordResets)
    .innerJoin(accounts, eq(accounts.id, passwordResets.accountId))
    .where(eq(passwordResets.tokenHash, hashOf(token)));
  if (!row || row.status !== 'ENABLED') throw new AppError('resetLinkInvalid', undefined, { field: 'token' });
  if (row.usedAt) throw new AppError('resetLinkUsed', undefined, { field: 'token' });
  if (row.expired) throw new AppError('resetLinkExpired', undefined, { field: 'token' });
  return row;
}

/**
 * Uses a reset link, once (a link mailed to the account's present address verifies it): of parallel uses of one token exactly one passes this statement; the
 * others then answer "already used". Every other open link of the account ends with it.
 */
export async function useResetToken(tx: Db, token: string): Promise<number> {
  const [used] = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.tokenHash, hashOf(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ accountId: passwordResets.accountId, mailedTo: passwordResets.mailedTo });
  if (!used) {
    await accountOfResetToken(tx, token);
    throw new AppError('resetLinkUsed', undefined, { field: 'token' });
  }
  // A link mailed to the account's present address verifies that address (docs/security.md, "Single sign-on").
  if (used.mailedTo)
    await tx
      .update(accounts)
      .set({ verifiedEmail: accounts.email })
      .where(and(eq(accounts.id, used.accountId), sql`lower(${accounts.email}) = lower(${used.mailedTo})`));
  await endResetLinks(tx, used.accountId);
  return used.accountId;
}

/** Ends every open reset link of the account (its password was just set). */
export async function endResetLinks(tx: Db, accountId: number): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.accountId, accountId), isNull(passwordResets.usedAt)));
}

/** Writes an account's new password hash (already judged strong and hashed). */
export async function setPasswordHash(tx: Db, accountId: number, passwordHash: string): Promise<void> {
  await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, accountId));
}

/** What changing one's own password needs of the account: its current hash and names. */
export async function passwordAccount(db: Db, accountId: number) {
  const [account] = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      passwordHash: accounts.passwordHash,
      merchantId: accounts.merchantId,
      merchantName: merchantNameOf(accounts.merchantId),
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new AppError('accountMissing');
  return account;
}
