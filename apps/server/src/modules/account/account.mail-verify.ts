import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { diff, recordAudit } from '../audit-log/index.js';
import { accounts, mailVerifications } from './account.table.js';

/**
 * "Verify my mail" on one's own profile (docs/security.md, "One's own account"): a single-use link
 * mailed to the account's present address; using it while the account still has that address
 * verifies it, as a used mailed reset link does. Only the token's hash is kept.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a verification needs of one's own account: its mail, whether verified, and the mail's language. */
export async function mailOfAccount(db: Db, accountId: number) {
  const [account] = await db
    .select({
      email: accounts.email,
      verified: sql<boolean>`coalesce(lower(${accounts.verifiedEmail}) = lower(${accounts.email}), false)`,
      name: accounts.name,
      username: accounts.username,
      language: accounts.language,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new AppError('accountMissing');
  return account;
}

/** A new verification link's token for the account's address `email`. */
export async function issueMailVerification(db: Db, accountId: number, email: string, minutes: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(mailVerifications).values({
    accountId,
    email,
    tokenHash: hashOf(token),
    expiresAt: sql`now() + make_interval(mins => ${minutes})`,
  });
  return token;
}

/** Ends a link that never reached its reader (the mail went to the outbox instead). */
export async function voidMailVerification(db: Db, token: string): Promise<void> {
  await db
    .update(mailVerifications)
    .set({ usedAt: sql`now()` })
    .where(eq(mailVerifications.tokenHash, hashOf(token)));
}

/**
 * Uses one's own verification link, once: of parallel uses exactly one passes the update. A link of
 * another account is "not valid"; a mail changed since it was sent makes it void (nothing verified).
 */
export async function useMailVerification(ctx: Ctx, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .select({
        id: mailVerifications.id,
        accountId: mailVerifications.accountId,
        email: mailVerifications.email,
        usedAt: mailVerifications.usedAt,
        expired: sql<boolean>`${mailVerifications.expiresAt} <= now()`,
      })
      .from(mailVerifications)
      .where(eq(mailVerifications.tokenHash, hashOf(token)));
    if (!link || link.accountId !== ctx.principal.id) throw new AppError('verifyLinkInvalid', undefined, { field: 'token' });
    if (link.usedAt) throw new AppError('verifyLinkUsed', undefined, { field: 'token' });
    if (link.expired) throw new AppError('verifyLinkExpired', undefined, { field: 'token' });
    const [account] = await tx
      .select({ email: accounts.email, verifiedEmail: accounts.verifiedEmail })
      .from(accounts)
      .where(eq(accounts.id, link.accountId))
      .for('update');
    if (!account?.email || account.email.toLowerCase() !== link.email.toLowerCase())
      throw new AppError('verifyLinkVoid', undefined, { field: 'token' });
    const [used] = await tx
      .update(mailVerifications)
      .set({ usedAt: sql`now()` })
      .where(and(eq(mailVerifications.id, link.id), isNull(mailVerifications.usedAt), gt(mailVerifications.expiresAt, sql`now()`)))
      .returning({ id: mailVerifications.id });
    if (!used) throw new AppError('verifyLinkUsed', undefined, { field: 'token' });
    const changes = diff({ verifiedEmail: account.verifiedEmail }, { verifiedEmail: account.email });
    if (Object.keys(changes).length === 0) return;
    await tx.update(accounts).set({ verifiedEmail: account.email }).where(eq(accounts.id, link.accountId));
    await recordAudit(tx, ctx, { action: 'account.edit', objectType: 'account', objectId: link.accountId, changes });
  });
}
