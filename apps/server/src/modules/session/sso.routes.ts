import type { FastifyInstance } from 'fastify';
import { sessionApi } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { SsoConfig } from '../../app/config.js';
import { AppError } from '../../app/errors.js';
import { servePublic } from '../../app/route.js';
import { findSsoAccount } from '../account/index.js';
import { recordAnonymousAudit } from '../audit-log/index.js';
import type { SessionPolicy } from './session.service.js';
import { recordSuccess, type SignInKeys, type ThrottlePolicy } from './throttle.js';
import { reserveOrRefuse } from './recovery.routes.js';
import { openSession } from './open-session.js';
import { SsoProvider } from './sso.js';
import { recordSsoRefusal, stored } from './sso-refusal.js';

const REFUSAL = { unlinked: 'ssoNotLinked', unverified: 'ssoAddressUnverified', ambiguous: 'ssoAddressAmbiguous' } as const;
const REFUSAL_REASON = { unlinked: 'UNLINKED', unverified: 'UNVERIFIED', ambiguous: 'AMBIGUOUS' } as const;

/**
 * Single sign-on's two public calls (docs/security.md, "Single sign-on"): start (the provider's
 * address) and finish (the provider's answer, which signs the linked account in as a password does).
 */
export function registerSsoRoutes(
  app: FastifyInstance,
  deps: { db: Db; session: SessionPolicy; throttle: ThrottlePolicy; sso?: SsoConfig },
): void {
  const { db } = deps;
  const provider = deps.sso ? new SsoProvider(deps.sso) : undefined;

  servePublic(app, sessionApi.ssoStart, async ({ input, reply }) => {
    if (!provider) throw new AppError('ssoNotConfigured');
    return { url: await provider.start(db, reply, input.redirect) };
  });

  /**
   * An answer that is not a sign-in this browser started counts as a failed try of the address (so
   * states cannot be guessed faster than passwords); a genuine one gives its try back.
   */
  servePublic(app, sessionApi.ssoFinish, async ({ input, req, reply }) => {
    if (!provider) throw new AppError('ssoNotConfigured');
    const keys: SignInKeys = { pair: `sso:${req.ip}`, account: `sso-any:${req.ip}`, address: `sso-ip:${req.ip}` };
    const reserved = await reserveOrRefuse(db, keys, deps.throttle, reply);
    const identity = await provider.finish(db, req, reply, input);
    await recordSuccess(db, keys, reserved);

    const match = await findSsoAccount(db, identity);
    const method = { method: provider.config.name };
    const refused = { issuer: identity.issuer, subject: identity.subject, email: identity.email, ip: req.ip };
    if (!match.found) {
      await recordSsoRefusal(db, { ...refused, reason: REFUSAL_REASON[match.why] });
      await recordAnonymousAudit(
        db,
        { username: stored(identity.email ?? identity.subject, 64), accountId: null, merchantId: null, ip: req.ip },
        { action: 'login', objectType: 'session', success: false, changes: method },
      );
      throw new AppError(REFUSAL[match.why], { subject: identity.subject, email: identity.email ?? '' });
    }
    const account = match.found;
    if (account.status !== 'ENABLED') {
      await recordSsoRefusal(db, { ...refused, reason: 'DISABLED', accountId: account.id });
      await recordAnonymousAudit(
        db,
        { username: account.username, accountId: account.id, merchantId: account.merchantId, ip: req.ip },
        { action: 'login.disabled', objectType: 'session', objectId: account.id, success: false, changes: method },
      );
      throw new AppError('accountDisabled');
    }
    const result = await openSession(deps, account, req, provider.config.name);
    return { ...result, redirect: identity.redirect };
  });
}
