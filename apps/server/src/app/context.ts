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

/** Menu ids and resource ids an account holds, and their codes: SUPER everything, others what their roles grant. */
export interface Grants {
  menuIds: Set<number>;
  resourceIds: Set<number>;
  codes: Set<string>;
}

/** What a service needs to act for a caller: the database, who, what they hold, their language. */
export interface Ctx {
  db: Db;
  principal: Principal;
  /** The caller's button and menu codes; empty for a SUPER, who holds every code (see `holds`). */
  codes: ReadonlySet<string>;
  /** What the caller holds, read once by access control; null for a SUPER, who holds everything. */
  grants: Grants | null;
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

/** Whether every given menu and resource id is within the grants (nobody grants what they lack). */
export function withinGrants(grants: Grants, menuIds: number[], resourceIds: number[]): boolean {
  return menuIds.every((id) => grants.menuIds.has(id)) && resourceIds.every((id) => grants.resourceIds.has(id));
}

/** Whether everything `inner` grants, `outer` grants too. */
export function grantsWithin(inner: Grants, outer: Grants): boolean {
  return withinGrants(outer, [...inner.menuIds], [...inner.resourceIds]);
}
