import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { toUserType, type SessionRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { enabledAccounts } from '../account/index.js';
import { sessions } from './session.table.js';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The browser as the list of one's sessions shows it: its User-Agent, cut to a readable length. */
export const USER_AGENT_MAX = 300;

export async function createSession(db: Db, accountId: number, ip: string, policy: SessionPolicy, userAgent = '') {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + policy.absoluteHours * 3_600_000);
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), accountId, expiresAt, ip, userAgent: userAgent.slice(0, USER_AGENT_MAX) });
  return { token, expiresAt };
}

/**
 * Resolves a token to its account, or fails with the session-ending code that tells why:
 * 401 no token, 406 unknown token, 405 expired or revoked (idle, absolute, logout, disabled).
 */
export async function authenticate(
  db: Db,
  token: string | undefined,
  policy: SessionPolicy,
): Promise<{ principal: Principal; sessionId: number }> {
  if (!token) throw new AppError('notLoggedIn');
  const tokenHash = hashToken(token);
  // Check and touch in one statement on the database's clock: every call moves the idle clock,
  // so a session ends exactly TOKEN_IDLE_MINUTES after its last call, not up to a minute early.
  const accounts = enabledAccounts(db);
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .from(accounts)
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(accounts.id, sessions.accountId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${policy.idleMinutes})`,
      ),
    )
    .returning({
      sessionId: sessions.id,
      id: accounts.id,
      username: accounts.username,
      name: accounts.name,
      type: accounts.type,
      accountType: accounts.accountType,
      merchantId: accounts.merchantId,
    });
  if (!row) {
    const [known] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
    throw new AppError(known ? 'loginExpired' : 'illegalToken');
  }
  return {
    sessionId: row.sessionId,
    principal: {
      id: row.id,
      username: row.username,
      name: row.name,
      type: toUserType(row.type),
      accountType: row.accountType,
      merchantId: row.merchantId,
    },
  };
}

/** Ends one session (sign-out). */
export async function revokeSessionById(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of an account (disabled, password reset). */
export async function revokeAccountSessions(db: Db, accountId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
}

/** Ends every open session of an account but one (the caller's own): a password change, "sign out everywhere else". */
export async function revokeOtherSessions(db: Db, accountId: number, keepSessionId: number): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** One's own open sessions (not ended, not past their idle or absolute time), the latest used first. */
export async function openSessionsOf(db: Db, accountId: number, currentSessionId: number, policy: SessionPolicy): Promise<SessionRecord[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${policy.idleMinutes})`,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the account's own sessions; another account's session id answers as not found. */
export async function revokeOwnSession(db: Db, accountId: number, sessionId: number): Promise<void> {
  const [ended] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (!ended) throw new AppError('recordNotFound');
}
