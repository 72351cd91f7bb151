import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { AppError } from '../../app/errors.js';
import { findSignInAccount, verifyPassword } from '../account/index.js';
import { recordAudit } from '../audit-log/index.js';
import { sessions } from './session.table.js';

/** Wrong passwords the lock screen takes before it ends the session (docs/security.md, "Lock screen"). */
export const UNLOCK_TRIES = 5;

/**
 * The lock screen's password check, on the server: the right password unlocks and forgets the
 * wrong ones; a wrong one is counted on the session in one statement (parallel tries cannot pass
 * the limit), and the fifth ends the session, which then answers as expired.
 */
export async function unlock(db: Db, ctx: Ctx, password: string): Promise<null> {
  const account = await findSignInAccount(db, ctx.principal.username);
  if (account && account.id === ctx.principal.id && (await verifyPassword(password, account.passwordHash))) {
    await db.update(sessions).set({ unlockFailures: 0 }).where(eq(sessions.id, ctx.sessionId));
    await recordAudit(db, ctx, { action: 'session.unlock', objectType: 'session', objectId: ctx.principal.id });
    return null;
  }
  const [counted] = await db
    .update(sessions)
    .set({
      unlockFailures: sql`${sessions.unlockFailures} + 1`,
      revokedAt: sql`case when ${sessions.unlockFailures} + 1 >= ${UNLOCK_TRIES} then now() else ${sessions.revokedAt} end`,
    })
    .where(and(eq(sessions.id, ctx.sessionId), isNull(sessions.revokedAt)))
    .returning({ failures: sessions.unlockFailures });
  const failures = counted?.failures ?? UNLOCK_TRIES;
  await recordAudit(db, ctx, {
    action: 'session.unlock',
    objectType: 'session',
    objectId: ctx.principal.id,
    changes: { failures },
    success: false,
  });
  if (failures >= UNLOCK_TRIES) throw new AppError('loginExpired');
  throw new AppError('unlockWrongPassword', { left: UNLOCK_TRIES - failures });
}
