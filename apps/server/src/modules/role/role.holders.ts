import type { Column, SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import { handOver } from '../../app/hand-over.js';

/**
 * What the account module tells the role module about the accounts holding a role
 * (docs/architecture.md, "No two modules import each other"): accounts hold roles, so the account
 * module refers to roles and this module never imports it. The module registry (modules/index.ts)
 * hands these over once at start-up.
 */
export interface RoleHolders {
  /** How many accounts hold a role, read inside the role list's query (one round trip, not one per role). */
  countOf(roleId: Column | SQL): SQL<number>;
  /** Whether an account holds the role (it then stays), inside the caller's transaction. */
  exist(db: Db, roleId: number): Promise<boolean>;
  /** Refuses, and audits, a change of what a role grants when it would act on an account holding more than the caller. */
  assertMayChange(ctx: Ctx, roleId: number): Promise<void>;
}

const handed = handOver<RoleHolders>("The account module's answers about role holders");

/** Called once by the module registry with the account module's answers. */
export const tellRoleHolders = handed.tell;

export const roleHolders = handed.get;
