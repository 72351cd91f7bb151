import { toUserType, type UserType } from '@swap/contracts';
import { setDisplayTimeZone } from './format';

/** Browser storage of the signed-in session (token, user info, tour flag, language cookie). */
export const TOKEN_KEY = 'token';
export const USER_INFO_KEY = 'userInfo';

export interface UserInfo {
  username: string;
  type: UserType;
  /** The account's merchant; null for platform staff, undefined when an older session did not store it. */
  merchantId?: number | null;
  /** The account's merchant's name (a merchant's staff pick it where a record names a merchant); absent in older sessions. */
  merchantName?: string | null;
  /** The time zone chosen on one's own profile (null: the browser's); the dates follow it (shared/format.ts). */
  timeZone?: string | null;
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getUserInfo(): UserInfo | null {
  const raw = localStorage.getItem(USER_INFO_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    const merchantId = typeof record.merchantId === 'number' || record.merchantId === null ? record.merchantId : undefined;
    const merchantName = typeof record.merchantName === 'string' ? record.merchantName : undefined;
    return {
      username: typeof record.username === 'string' ? record.username : '',
      type: toUserType(record.type),
      merchantId,
      merchantName,
      timeZone: typeof record.timeZone === 'string' ? record.timeZone : null,
    };
  } catch {
    return null;
  }
}

/** Platform staff (no merchant): they choose the merchant when creating merchant data. */
export function isPlatformUser(user: UserInfo | null = getUserInfo()): boolean {
  if (!user) return false;
  return user.merchantId === undefined ? user.type === 'SUPER' : user.merchantId === null;
}

export function saveSession(token: string, user: UserInfo): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
  setDisplayTimeZone(user.timeZone);
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_INFO_KEY);
  setDisplayTimeZone(null);
  localStorage.removeItem(LOCKED_KEY);
}

/**
 * The lock screen (docs/security.md, "Lock screen"): while set, every signed-in page shows the lock
 * screen instead (in every tab of the browser); the value is the page to return to once unlocked.
 */
export const LOCKED_KEY = 'lockedAt';

export function lockedPage(): string | null {
  return localStorage.getItem(LOCKED_KEY);
}

export function lockSession(page: string): void {
  localStorage.setItem(LOCKED_KEY, page);
}

export function unlockSession(): void {
  localStorage.removeItem(LOCKED_KEY);
}
