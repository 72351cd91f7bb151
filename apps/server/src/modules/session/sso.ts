import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { SsoFinishBody } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { SsoConfig } from '../../app/config.js';
import { AppError } from '../../app/errors.js';
import { ssoSignIns } from './session.table.js';

/**
 * Single sign-on with an OpenID Connect provider (docs/security.md, "Single sign-on"): the
 * authorization code flow with PKCE, state and nonce. The server keeps each started sign-in (the
 * state's hash, the PKCE verifier, the nonce) for ten minutes, bound to the browser that started
 * it by an HttpOnly cookie, and lets it come back once.
 */
const SIGN_IN_MINUTES = 10;
export const SSO_COOKIE = 'sso_browser';
const COOKIE_PATH = '/api/auth/sso';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The provider's configuration, discovered once (again after a failure). */
export class SsoProvider {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(readonly config: SsoConfig) {}

  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(new URL(this.config.issuer), this.config.clientId, undefined, oidc.ClientSecretBasic(this.config.clientSecret), {
        // Plain http is accepted for a provider on this machine only (config.ts refuses it elsewhere).
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- a provider on this machine only (config.ts)
        execute: this.config.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        this.discovered = undefined;
        throw error;
      });
    return this.discovered;
  }

  /** The provider could not be reached or answered nonsense: "failed to fetch the identifier". */
  private async reach<T>(work: (configuration: oidc.Configuration) => Promise<T>): Promise<T> {
    let configuration: oidc.Configuration;
    try {
      configuration = await this.configuration();
    } catch {
      throw new AppError('identifierFetchFailed');
    }
    return work(configuration);
  }

  /** A new sign-in: its state, verifier and nonce kept, the browser given its cookie; answers the provider's address. */
  async start(db: Db, reply: FastifyReply, redirect: string | undefined): Promise<string> {
    return this.reach(async (configuration) => {
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const browser = randomBytes(32).toString('base64url');
      // Sign-ins that never came back are forgotten an hour after they ended.
      await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, sql`now() - interval '1 hour'`));
      await db.insert(ssoSignIns).values({
        stateHash: sha256(state),
        browserHash: sha256(browser),
        codeVerifier,
        nonce,
        redirect: redirect ?? null,
        expiresAt: sql`now() + make_interval(mins => ${SIGN_IN_MINUTES})`,
      });
      const secure = this.config.redirectUri.startsWith('https:') ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${SSO_COOKIE}=${browser}; Path=${COOKIE_PATH}; Max-Age=${SIGN_IN_MINUTES * 60}; HttpOnly; SameSite=Lax${secure}`,
      );
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: this.config.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    });
  }

  /**
   * The provider's answer: the sign-in it belongs to is taken (once: one conditional update decides),
   * must come from the browser that started it, and the code is exchanged with its verifier; the ID
   * token's signature, issuer, audience, expiry and nonce are checked by the client library.
   */
  async finish(db: Db, req: FastifyRequest, reply: FastifyReply, input: SsoFinishBody): Promise<SsoIdentity & { redirect: string | null }> {
    const [signIn] = await db
      .update(ssoSignIns)
      .set({ usedAt: sql`now()` })
      .where(and(eq(ssoSignIns.stateHash, sha256(input.state)), isNull(ssoSignIns.usedAt), sql`${ssoSignIns.expiresAt} > now()`))
      .returning();
    const browser = cookieOf(req, SSO_COOKIE);
    // The cookie has done its work: this browser's sign-in is taken either way.
    reply.header('set-cookie', `${SSO_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
    if (!signIn || !browser || sha256(browser) !== signIn.browserHash) throw new AppError('ssoStateInvalid');
    if (input.error) throw new AppError('ssoProviderRefused', { reason: input.error });
    if (!input.code) throw new AppError('socialLoginIncomplete');

    return this.reach(async (configuration) => {
      const answer = new URL(this.config.redirectUri);
      answer.searchParams.set('code', input.code!);
      answer.searchParams.set('state', input.state);
      if (input.iss) answer.searchParams.set('iss', input.iss);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, answer, {
          pkceCodeVerifier: signIn.codeVerifier,
          expectedState: input.state,
          expectedNonce: signIn.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        req.log.warn({ err: error }, 'single sign-on answer refused');
        throw new AppError(isUnreachable(error) ? 'identifierFetchFailed' : 'ssoAnswerInvalid');
      }
      const claims = tokens.claims();
      if (!claims) throw new AppError('ssoAnswerInvalid');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let verified = claims.email_verified === true;
      // Providers that keep the address out of the ID token give it at the userinfo endpoint.
      if (email === undefined) {
        try {
          const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
          email = typeof info.email === 'string' ? info.email : undefined;
          verified = info.email_verified === true;
        } catch (error) {
          req.log.warn({ err: error }, 'single sign-on userinfo refused');
          throw new AppError('identifierFetchFailed');
        }
      }
      return { issuer: this.config.issuer, subject: claims.sub, email, emailVerified: verified, redirect: signIn.redirect };
    });
  }
}

export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
}

/** A network failure on the way to the provider (not an answer that failed its checks). */
function isUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current instanceof TypeError && current.message.includes('fetch failed')) return true;
    if (typeof current === 'object' && 'name' in current && (current.name === 'TimeoutError' || current.name === 'AbortError')) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** One cookie's value from the request's Cookie header. */
function cookieOf(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}
