import type { Column, SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { handOver } from '../../app/hand-over.js';

/**
 * What the account module tells the merchant module about a merchant's accounts (docs/architecture.md,
 * "No two modules import each other"): accounts refer to their merchant, so this module never imports
 * the account module. The module registry (modules/index.ts) hands these over once at start-up.
 */
export interface MerchantAccounts {
  /** How many accounts a merchant has, read inside the merchant list's query (one round trip, not one per merchant). */
  countOf(merchantId: Column | SQL): SQL<number>;
  /** Whether a merchant still has an account (it then stays), inside the caller's transaction. */
  exist(db: Db, merchantId: number): Promise<boolean>;
}

const handed = handOver<MerchantAccounts>("The account module's answers about merchants' accounts");

/** Called once by the module registry with the account module's answers. */
export const tellMerchantAccounts = handed.tell;

export const merchantAccounts = handed.get;
