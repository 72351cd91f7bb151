import type { Language, UserType } from '@swap/contracts';
import type { Db } from '../db/client.js';

/** The signed-in account behind a request. */
export interface Principal {
  id: number;
  username: string;
  name: string;
  type: UserType;
  accountType: 'PLATFORM' | 'MERCHANT';
  /** The tenant: null for platform staff, who see every merchant's data. */
  merchantId: number | null;
}

/** What a service needs to act for a caller: the database, who, what they hold, their language. */
export interface Ctx {
  db: Db;
  principal: Principal;
  /** The caller's button and menu codes; empty for a SUPER, who holds every code (see `holds`). */
  codes: ReadonlySet<string>;
  lang: Language;
  /** The IANA zone a CSV export writes its times in: the caller's `Time-Zone` header, UTC without one. */
  timeZone: string;
  ip: string;
  requestTime: Date | null;
  sessionId: number;
}

export function isPlatform(principal: Principal): boolean {
  return principal.merchantId === null;
}

export function holds(ctx: Pick<Ctx, 'codes' | 'principal'>, code: string): boolean {
  return ctx.principal.type === 'SUPER' || ctx.codes.has(code);
}
