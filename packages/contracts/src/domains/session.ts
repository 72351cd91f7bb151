import { z } from 'zod';
import { endpoint, noAnswer } from '../endpoint.js';
import { cleanString, loginPassword, loginUsername, newPassword } from '../validation.js';

export const USER_TYPES = ['SUPER', 'NORMAL', 'SON'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** An unknown account type falls back to NORMAL. */
export function toUserType(value: unknown): UserType {
  return (USER_TYPES as readonly unknown[]).includes(value) ? (value as UserType) : 'NORMAL';
}

export const loginBody = z.object({ username: loginUsername, password: loginPassword });
export type LoginBody = z.infer<typeof loginBody>;

/** Asking for a password reset link: the username, phone or email of the account. */
export const forgotPasswordBody = z.object({ username: loginUsername });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** A reset link's token is 43 base64url characters; anything else is no token of ours. */
export const resetToken = cleanString().trim().min(1, { message: 'validation.required' }).max(128, { message: 'validation.tooLong' });
export const resetPasswordBody = z.object({ token: resetToken, password: newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** How long a password reset link works. */
export const RESET_LINK_MINUTES = 30;

export const adminInfo = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  type: z.enum(USER_TYPES),
  accountType: z.enum(['PLATFORM', 'MERCHANT']),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  /** The time zone every date is shown in and the interface language, from one's own profile (null: the browser's). */
  timeZone: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
});
export type AdminInfo = z.infer<typeof adminInfo>;

/** Login answer: token plus user info; the web reads username and type from `admin`. */
export const loginResult = z.object({
  token: z.string(),
  username: z.string(),
  type: z.enum(USER_TYPES),
  admin: adminInfo,
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** Demo accounts of `npm start` (DEMO=1); the login page shows them only in demo mode. */
export const DEMO_PASSWORD = 'Demo-Pass-2026';
export const DEMO_ACCOUNTS = [
  { username: 'admin', type: 'SUPER' },
  { username: 'merchant', type: 'NORMAL' },
  { username: 'subaccount', type: 'SON' },
] as const;

export const publicConfig = z.object({
  demo: z.boolean(),
  demoAccounts: z.array(z.object({ username: z.string(), type: z.enum(USER_TYPES) })),
  demoPassword: z.string().nullable(),
  version: z.string(),
  /** Whether the first-visit tour runs (common setting `tour_enabled`). */
  tourEnabled: z.boolean().optional(),
  /** The map tile URL template (MAP_TILE_URL); null: maps draw on the bundled outline base layer only. */
  mapTileUrl: z.string().nullable().optional(),
  /** The tile provider's credit, shown in the map's corner (MAP_TILE_ATTRIBUTION). */
  mapTileAttribution: z.string().nullable().optional(),
  /** Minutes without a call after which the server ends a session (TOKEN_IDLE_MINUTES): the web warns a minute before. */
  sessionIdleMinutes: z.number().optional(),
  /** Minutes without a key press or pointer move that lock the screen (common setting `lock_idle_minutes`); 0 never. */
  lockIdleMinutes: z.number().optional(),
  /** The single sign-on provider's name for its button (OIDC_NAME); null: no provider is set. */
  sso: z.object({ name: z.string() }).nullable().optional(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/**
 * Whether `value` is an address of this app: a path from its root, with no backslash and no second
 * slash at its start, and no white space or control character anywhere (a browser drops a tab or a
 * line break from an address, so '/\t/elsewhere' would go to '//elsewhere', another site).
 */
export function isAppAddress(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return false; // controls, space, DEL, backslash
  }
  return !/\s/.test(value);
}

/** Where the user was going, kept with a single sign-on until it comes back (an address of this app). */
const ssoRedirect = cleanString().max(512, { message: 'validation.tooLong' }).refine(isAppAddress, { message: 'validation.illegalChars' });
export const ssoStartBody = z.object({ redirect: ssoRedirect.optional() });
export type SsoStartBody = z.infer<typeof ssoStartBody>;
/** The provider's answer as it reached /callback: the code (or an error) and the state it was given. */
export const ssoFinishBody = z.object({
  state: cleanString().trim().min(1, { message: 'validation.required' }).max(256, { message: 'validation.tooLong' }),
  code: cleanString().trim().max(2048, { message: 'validation.tooLong' }).optional(),
  iss: cleanString().trim().max(1024, { message: 'validation.tooLong' }).optional(),
  error: cleanString().trim().max(256, { message: 'validation.tooLong' }).optional(),
});
export type SsoFinishBody = z.infer<typeof ssoFinishBody>;
/** A single sign-on ends as a password sign-in does, with the address the user was going to. */
export const ssoResult = loginResult.extend({ redirect: z.string().nullable() });
export type SsoResult = z.infer<typeof ssoResult>;

/**
 * The session calls under /api/auth: sign-in and the login page's settings are public (nothing to
 * sign in with yet); sign-out needs the session it ends.
 */
export const sessionApi = {
  signIn: endpoint({
    method: 'POST',
    base: 'auth',
    path: '/oms/login',
    access: 'public',
    body: loginBody,
    answer: loginResult,
    summary: 'Sign in; `data.token` is the session token',
  }),
  signOut: endpoint({
    method: 'GET',
    base: 'auth',
    path: '/oms/logout',
    access: { code: '' },
    answer: noAnswer,
    summary: 'Sign out: revokes the token sent in the header',
  }),
  forgotPassword: endpoint({
    method: 'POST',
    base: 'auth',
    path: '/oms/forgotPassword',
    access: 'public',
    body: forgotPasswordBody,
    answer: noAnswer,
    summary: 'Mail a password reset link to the account named; the same answer whether or not it exists',
  }),
  resetPassword: endpoint({
    method: 'POST',
    base: 'auth',
    path: '/oms/resetPassword',
    access: 'public',
    body: resetPasswordBody,
    answer: noAnswer,
    summary: 'Set a new password with a reset link (once, before it expires); every session of the account ends',
  }),
  unlock: endpoint({
    method: 'POST',
    base: 'auth',
    path: '/oms/unlock',
    access: { code: '' },
    body: z.object({ password: loginPassword }),
    answer: noAnswer,
    summary: "Unlocks the lock screen with the account's password; the fifth wrong try ends the session",
  }),
  keepAlive: endpoint({
    method: 'GET',
    base: 'auth',
    path: '/oms/keep-alive',
    access: { code: '' },
    answer: noAnswer,
    summary: 'Moves the session\'s idle clock ("stay signed in")',
  }),
  ssoStart: endpoint({
    method: 'POST',
    base: 'auth',
    path: '/sso/start',
    access: 'public',
    body: ssoStartBody,
    answer: z.object({ url: z.string() }),
    summary: "Starts a single sign-on: the provider's address to go to (with PKCE, state and nonce kept by the server for ten minutes)",
  }),
  ssoFinish: endpoint({
    method: 'POST',
    base: 'auth',
    path: '/sso/finish',
    access: 'public',
    body: ssoFinishBody,
    answer: ssoResult,
    summary:
      "Finishes a single sign-on with the provider's answer (once per state, in the browser that started it); a session as a password sign-in gives",
  }),
  config: endpoint({
    method: 'GET',
    base: 'auth',
    path: '/config',
    access: 'public',
    answer: publicConfig,
    summary: 'What the web may know before sign-in (demo mode and accounts, version, tour, map tiles)',
  }),
} as const;
