import type { FastifyInstance } from 'fastify';
import { profileApi, sessionApi, normaliseSignInName } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { MailConfig } from '../../app/config.js';
import { AppError } from '../../app/errors.js';
import { requestLanguage } from '../../app/language.js';
import { serve, servePublic } from '../../app/route.js';
import {
  accountOfResetToken,
  assertStrongPassword,
  endResetLinks,
  findRecoveryAccount,
  hashPassword,
  issueMailVerification,
  issueResetToken,
  markResetLinkMailed,
  mailLanguage,
  mailOfAccount,
  passwordAccount,
  profileOf,
  setPasswordHash,
  useMailVerification,
  useResetToken,
  verifyPassword,
  voidMailVerification,
} from '../account/index.js';
import { recordAnonymousAudit } from '../audit-log/index.js';
import { sendMail } from '../mail/index.js';
import { openSessionsOf, revokeAccountSessions, revokeOtherSessions, revokeOwnSession, type SessionPolicy } from './session.service.js';
import { recordSuccess, refundAttempt, reserveAttempt, throttleKeys, type SignInKeys, type ThrottlePolicy } from './throttle.js';
import { resetMail, verificationMail } from './recovery-mail.js';

/** How long a "verify my mail" link works. */
const VERIFY_LINK_MINUTES = 60;

export interface RecoveryDeps {
  db: Db;
  session: SessionPolicy;
  throttle: ThrottlePolicy;
  mail: MailConfig;
}

/** A throttled try answers 429 with its wait, like a throttled sign-in (docs/security.md). */
export async function reserveOrRefuse(
  db: Db,
  keys: SignInKeys,
  policy: ThrottlePolicy,
  reply: { header(name: string, value: string): unknown },
) {
  const reservation = await reserveAttempt(db, keys, policy);
  if (!reservation.ok) {
    reply.header('retry-after', String(reservation.retryAfterSeconds));
    throw new AppError('tooManyAttempts', undefined, { retryAfterSeconds: reservation.retryAfterSeconds });
  }
  return reservation.reserved;
}

/**
 * Password recovery (public: forgot and reset) and one's own password and sessions (docs/security.md,
 * "Password recovery" and "One's own account").
 */
export function registerRecoveryRoutes(app: FastifyInstance, deps: RecoveryDeps): void {
  const { db } = deps;

  /**
   * The same answer, after the same work, whether or not the account exists: the link is made and
   * mailed after the answer has gone. Each account (and each address) gets a few asks before waits.
   */
  servePublic(app, sessionApi.forgotPassword, async ({ input, req, reply }) => {
    const account = await findRecoveryAccount(db, input.username);
    const who = account ? `id:${account.id}` : `name:${normaliseSignInName(input.username)}`;
    await reserveOrRefuse(
      db,
      { pair: `forgot:${who}@${req.ip}`, account: `forgot:${who}`, address: `forgot-ip:${req.ip}` },
      deps.throttle,
      reply,
    );
    if (account?.status === 'ENABLED') {
      const asked = requestLanguage(req);
      setImmediate(() => {
        void (async () => {
          const token = await issueResetToken(db, account.id, deps.mail.resetLinkMinutes);
          const link = `${deps.mail.publicUrl}/session/reset-password?token=${token}`;
          const mail = resetMail(mailLanguage(account, asked), {
            name: account.name,
            username: account.username,
            minutes: deps.mail.resetLinkMinutes,
            link,
          });
          // Noted before sending (the reader may click at once), taken back when the mail went to the outbox.
          if (account.email) await markResetLinkMailed(db, token, account.email);
          const mailed = await sendMail(db, deps.mail, { to: account.email ?? '', toName: account.username, ...mail });
          if (!mailed && account.email) await markResetLinkMailed(db, token, null);
          await recordAnonymousAudit(
            db,
            { username: account.username, accountId: account.id, merchantId: account.merchantId, ip: req.ip },
            { action: 'account.forgotPassword', objectType: 'account', objectId: account.id },
          );
        })().catch((error: unknown) => req.log.error({ err: error }, 'password reset mail failed'));
      });
    }
    return null;
  });

  /**
   * A new password with a reset link: a token that is not ours counts as a failed try of the address
   * (guessing is throttled like sign-in); a genuine one is used once, in the transaction that sets
   * the password and ends every session of the account.
   */
  servePublic(app, sessionApi.resetPassword, async ({ input, req, reply }) => {
    const keys: SignInKeys = { pair: `reset:${req.ip}`, account: `reset-any:${req.ip}`, address: `reset-ip:${req.ip}` };
    const reserved = await reserveOrRefuse(db, keys, deps.throttle, reply);
    const link = await accountOfResetToken(db, input.token);
    // A genuine link: this try was no guess.
    await recordSuccess(db, keys, reserved);
    await assertStrongPassword(requestLanguage(req), input.password, link.username);
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      const accountId = await useResetToken(tx, input.token);
      await setPasswordHash(tx, accountId, passwordHash);
      await revokeAccountSessions(tx, accountId);
    });
    await recordAnonymousAudit(
      db,
      { username: link.username, accountId: link.accountId, merchantId: link.merchantId, ip: req.ip },
      { action: 'account.recoverPassword', objectType: 'account', objectId: link.accountId },
    );
    return null;
  });

  /**
   * One's own new password: the current one is checked against the sign-in budget of the account at
   * this address (so it cannot be guessed here faster than at sign-in); every other session ends.
   */
  serve(app, profileApi.changePassword, async ({ input, ctx, reply }) => {
    const me = ctx.principal;
    const keys = throttleKeys(`id:${me.id}`, ctx.ip);
    const reserved = await reserveOrRefuse(db, keys, deps.throttle, reply);
    const account = await passwordAccount(db, me.id);
    let valid: boolean;
    try {
      valid = await verifyPassword(input.currentPassword, account.passwordHash);
    } catch (error) {
      await refundAttempt(db, reserved);
      throw error;
    }
    if (!valid) {
      await recordAnonymousAudit(
        db,
        { username: me.username, accountId: me.id, merchantId: me.merchantId, ip: ctx.ip },
        { action: 'account.changePassword', objectType: 'account', objectId: me.id, success: false },
      );
      throw new AppError('currentPasswordWrong', undefined, { field: 'currentPassword' });
    }
    await recordSuccess(db, keys, reserved);
    if (input.currentPassword === input.password) throw new AppError('passwordUnchanged', undefined, { field: 'password' });
    await assertStrongPassword(ctx.lang, input.password, account.username);
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, me.id, passwordHash);
      await endResetLinks(tx, me.id);
      await revokeOtherSessions(tx, me.id, ctx.sessionId);
    });
    await recordAnonymousAudit(
      db,
      { username: me.username, accountId: me.id, merchantId: me.merchantId, ip: ctx.ip },
      { action: 'account.changePassword', objectType: 'account', objectId: me.id },
    );
    return null;
  });

  /**
   * "Verify my mail": a link to one's own present address, through SMTP only (a link left in the
   * outbox, which administrators read, proves nothing and is ended at once); a few asks per account
   * and address before waits, as forgot-password.
   */
  serve(app, profileApi.sendMailVerification, async ({ ctx, reply }) => {
    const me = ctx.principal;
    await reserveOrRefuse(
      db,
      { pair: `verify-mail:id:${me.id}@${ctx.ip}`, account: `verify-mail:id:${me.id}`, address: `verify-mail-ip:${ctx.ip}` },
      deps.throttle,
      reply,
    );
    const account = await mailOfAccount(db, me.id);
    if (!account.email) throw new AppError('mailMissing');
    if (account.verified) throw new AppError('mailAlreadyVerified', { email: account.email });
    const token = await issueMailVerification(db, me.id, account.email, VERIFY_LINK_MINUTES);
    const mail = verificationMail(mailLanguage(account, ctx.lang), {
      name: account.name,
      username: account.username,
      email: account.email,
      minutes: VERIFY_LINK_MINUTES,
      link: `${deps.mail.publicUrl}/profile?verifyMail=${token}`,
    });
    const mailed = await sendMail(db, deps.mail, { to: account.email, toName: account.username, ...mail });
    if (!mailed) {
      await voidMailVerification(db, token);
      throw new AppError('verifyMailNotSent', { email: account.email });
    }
    return { email: account.email };
  });

  /**
   * One's own verification link: a token not ours counts as a failed try (guessing waits as at
   * sign-in), on keys of this flow only, so others' failed sign-ins from a shared address never
   * hold a signed-in user's own link (docs/security.md, "One's own account").
   */
  serve(app, profileApi.verifyMail, async ({ input, ctx, reply }) => {
    const id = ctx.principal.id;
    const keys: SignInKeys = {
      pair: `verify-link:id:${id}@${ctx.ip}`,
      account: `verify-link:id:${id}`,
      address: `verify-link-ip:${ctx.ip}`,
    };
    const reserved = await reserveOrRefuse(db, keys, deps.throttle, reply);
    await useMailVerification(ctx, input.token);
    await recordSuccess(db, keys, reserved);
    return profileOf(ctx);
  });

  serve(app, profileApi.sessions, ({ ctx }) => openSessionsOf(db, ctx.principal.id, ctx.sessionId, deps.session));

  serve(app, profileApi.endSession, async ({ input, ctx }) => {
    await revokeOwnSession(db, ctx.principal.id, input.id);
    return null;
  });

  serve(app, profileApi.signOutOthers, async ({ ctx }) => {
    const ended = await revokeOtherSessions(db, ctx.principal.id, ctx.sessionId);
    const me = ctx.principal;
    await recordAnonymousAudit(
      db,
      { username: me.username, accountId: me.id, merchantId: me.merchantId, ip: ctx.ip },
      { action: 'logoutOthers', objectType: 'session', objectId: me.id },
    );
    return { ended };
  });
}
