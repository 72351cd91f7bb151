import type { FastifyRequest } from 'fastify';
import { toUserType, type LoginResult } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { recordSignIn, type findSignInAccount } from '../account/index.js';
import { recordAnonymousAudit } from '../audit-log/index.js';
import { createSession, type SessionPolicy } from './session.service.js';

export type SignInAccount = NonNullable<Awaited<ReturnType<typeof findSignInAccount>>>;

/**
 * A successful sign-in, by password or single sign-on: a new session, the account's last sign-in,
 * the audit's "login" (with the single sign-on provider's name when it was one), and the answer the
 * web keeps (token and account).
 */
export async function openSession(
  deps: { db: Db; session: SessionPolicy },
  account: SignInAccount,
  req: FastifyRequest,
  provider?: string,
): Promise<LoginResult> {
  const { db } = deps;
  const session = await createSession(db, account.id, req.ip, deps.session, req.headers['user-agent'] ?? '');
  await recordSignIn(db, account.id);
  await recordAnonymousAudit(
    db,
    { username: account.username, accountId: account.id, merchantId: account.merchantId, ip: req.ip },
    { action: 'login', objectType: 'session', objectId: account.id, ...(provider ? { changes: { method: provider } } : {}) },
  );
  const type = toUserType(account.type);
  return {
    token: session.token,
    username: account.username,
    type,
    expiresAt: session.expiresAt.toISOString(),
    admin: {
      id: account.id,
      username: account.username,
      name: account.name,
      type,
      accountType: account.accountType,
      merchantId: account.merchantId,
      merchantName: account.merchantName,
      timeZone: account.timeZone,
      language: account.language,
    },
  };
}
