import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, LOCK_IDLE_SETTING, sessionApi, normaliseSignInName } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../app/errors.js';
import { serve, servePublic } from '../../app/route.js';
import { dummyPasswordHash, findSignInAccount, verifyPassword } from '../account/index.js';
import { recordAnonymousAudit } from '../audit-log/index.js';
import { isTourEnabled, settingValue } from '../common-setting/index.js';
import { revokeSessionById, type SessionPolicy } from './session.service.js';
import { recordSuccess, refundAttempt, reserveAttempt, throttleKeys, type ThrottlePolicy } from './throttle.js';
import { applicantOf } from './applicants.js';
import { unlock } from './lock.js';
import { registerRecoveryRoutes } from './recovery.routes.js';
import type { MailConfig, SsoConfig } from '../../app/config.js';
import { registerSsoRoutes } from './sso.routes.js';
import { openSession } from './open-session.js';

export interface SessionDeps {
  db: Db;
  session: SessionPolicy;
  throttle: ThrottlePolicy;
  demo: boolean;
  version: string;
  /** Map tiles for the web's maps (MAP_TILE_URL, MAP_TILE_ATTRIBUTION); null: the outline base layer only. */
  map: { tileUrl: string | null; tileAttribution: string | null };
  /** Where reset links point and how mails leave (docs/security.md, "Password recovery"). */
  mail: MailConfig;
  /** The single sign-on provider (docs/security.md, "Single sign-on"); undefined: none. */
  sso?: SsoConfig;
}

export function registerSessionRoutes(app: FastifyInstance, deps: SessionDeps): void {
  const { db } = deps;

  servePublic(app, sessionApi.signIn, async ({ input, req, reply }) => {
    const { username, password } = input;
    const account = await findSignInAccount(db, username);
    // Username and phone of one account share its budget; an unknown name has its own.
    const keys = throttleKeys(account ? `id:${account.id}` : `name:${normaliseSignInName(username)}`, req.ip);
    const reservation = await reserveAttempt(db, keys, deps.throttle);
    if (!reservation.ok) {
      await recordAnonymousAudit(
        db,
        { username, accountId: account?.id ?? null, merchantId: account?.merchantId ?? null, ip: req.ip },
        { action: 'login.throttled', objectType: 'session', success: false },
      );
      reply.header('retry-after', String(reservation.retryAfterSeconds));
      throw new AppError('tooManyAttempts', undefined, { retryAfterSeconds: reservation.retryAfterSeconds });
    }

    // A name no account holds may be a sign-up applicant's, waiting for review or rejected.
    const applicant = account ? undefined : await applicantOf(db, username);
    // The same work and the same answer whether the account is unknown, disabled or the password wrong.
    let valid: boolean;
    try {
      valid = await verifyPassword(password, account?.passwordHash ?? applicant?.passwordHash ?? (await dummyPasswordHash()));
    } catch (error) {
      // Not checked (too many checks waiting): the try does not count.
      await refundAttempt(db, reservation.reserved);
      throw error;
    }
    if (!account && applicant && valid) {
      // The applicant's own password: told where the application stands, as a failed sign-in.
      await refundAttempt(db, reservation.reserved);
      await recordAnonymousAudit(
        db,
        { username: applicant.username, accountId: null, merchantId: null, ip: req.ip },
        { action: 'login', objectType: 'session', success: false },
      );
      if (applicant.status === 'REJECTED') throw new AppError('applicationRejected', { reason: applicant.reason });
      throw new AppError('accountNotActivated');
    }
    if (!account || !valid || account.status !== 'ENABLED') {
      const disabled = account !== undefined && valid;
      await recordAnonymousAudit(
        db,
        {
          username: disabled ? account.username : username,
          accountId: account?.id ?? null,
          merchantId: account?.merchantId ?? null,
          ip: req.ip,
        },
        disabled
          ? { action: 'login.disabled', objectType: 'session', objectId: account.id, success: false }
          : { action: 'login', objectType: 'session', success: false },
      );
      throw new AppError('wrongCredentials');
    }

    await recordSuccess(db, keys, reservation.reserved);
    return openSession(deps, account, req);
  });

  registerSsoRoutes(app, deps);

  // Access control has signed the caller in from the token (a missing or ended one is refused there).
  serve(app, sessionApi.signOut, async ({ ctx, req }) => {
    const { principal } = ctx;
    await revokeSessionById(db, ctx.sessionId);
    await recordAnonymousAudit(
      db,
      { username: principal.username, accountId: principal.id, merchantId: principal.merchantId, ip: req.ip },
      { action: 'logout', objectType: 'session', objectId: principal.id },
    );
    return null;
  });

  // The lock screen's password check; access control already moved the idle clock.
  serve(app, sessionApi.unlock, ({ input, ctx }) => unlock(db, ctx, input.password));
  // "Stay signed in": access control moves the idle clock; nothing else to do.
  serve(app, sessionApi.keepAlive, () => Promise.resolve(null));

  registerRecoveryRoutes(app, deps);

  /** What the web may know before sign-in: demo mode and its accounts, whether the tour runs, the map tiles. */
  servePublic(app, sessionApi.config, async () => ({
    demo: deps.demo,
    demoAccounts: deps.demo ? DEMO_ACCOUNTS.map((a) => ({ username: a.username, type: a.type })) : [],
    demoPassword: deps.demo ? DEMO_PASSWORD : null,
    version: deps.version,
    tourEnabled: await isTourEnabled(db),
    mapTileUrl: deps.map.tileUrl,
    mapTileAttribution: deps.map.tileAttribution,
    sessionIdleMinutes: deps.session.idleMinutes,
    lockIdleMinutes: lockIdleMinutes(await settingValue(db, LOCK_IDLE_SETTING)),
    sso: deps.sso ? { name: deps.sso.name } : null,
  }));
}

/** The lock screen's idle minutes as set (0: never); unset or unreadable, 15. */
function lockIdleMinutes(value: string | undefined): number {
  const minutes = Number(value?.trim());
  return value !== undefined && Number.isInteger(minutes) && minutes >= 0 ? minutes : 15;
}
