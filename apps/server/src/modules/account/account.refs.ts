import { and, asc, eq, inArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import { integer } from 'drizzle-orm/pg-core';
import { normaliseSignInName } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { qualified } from '../../app/sql.js';
import { anyContains } from '../../app/pagination.js';
import { merchantNameOf } from '../merchant/index.js';
import { accountRoles, accountSso, accounts, signInNames } from './account.table.js';

/**
 * What other modules use to refer to accounts without reading their tables (docs/architecture.md,
 * "Boundaries"): a foreign key column, counts and ids read inside the caller's own query.
 */

/** A column naming an account, with its foreign key (cleared when the account goes). */
export function accountIdColumn(name: string) {
  return integer(name).references(() => accounts.id, { onDelete: 'set null' });
}

/** How many accounts a merchant has, beside the caller's rows in the same query. */
export function accountCountOfMerchant(merchantId: Column | SQL): SQL<number> {
  return sql<number>`(select count(*)::int from ${accounts} where ${accounts}.${sql.identifier('merchant_id')} = ${qualified(merchantId)})`;
}

/** How many accounts hold a role, beside the caller's rows in the same query. */
export function holderCountOfRole(roleId: Column | SQL): SQL<number> {
  return sql<number>`(select count(*)::int from ${accountRoles} where ${accountRoles}.${sql.identifier('role_id')} = ${qualified(roleId)})`;
}

/** Whether a merchant still has an account. */
export async function merchantHasAccounts(db: Db, merchantId: number): Promise<boolean> {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.merchantId, merchantId)).limit(1);
  return account !== undefined;
}

/** Whether an account holds the role. */
export async function roleHasHolders(db: Db, roleId: number): Promise<boolean> {
  const [held] = await db.select({ id: accountRoles.accountId }).from(accountRoles).where(eq(accountRoles.roleId, roleId)).limit(1);
  return held !== undefined;
}

/** The ids of the roles the given accounts hold, as a subquery for the caller's query. */
export function roleIdsOfAccounts(db: Db, accountIds: number[]) {
  return db.select({ id: accountRoles.roleId }).from(accountRoles).where(inArray(accountRoles.accountId, accountIds));
}

/** A merchant's enabled general administrators (NORMAL): what they hold is the ceiling of its sub-accounts. */
export async function enabledAdminsOfMerchant(db: Db, merchantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.merchantId, merchantId), eq(accounts.type, 'NORMAL'), eq(accounts.status, 'ENABLED')));
  return rows.map((row) => row.id);
}

/**
 * The account a sign-in name names, through the registry of sign-in names (a username in any case,
 * or a phone however it is spaced): at most one account holds a name (docs/security.md).
 */
const signInColumns = {
  id: accounts.id,
  username: accounts.username,
  name: accounts.name,
  passwordHash: accounts.passwordHash,
  type: accounts.type,
  accountType: accounts.accountType,
  merchantId: accounts.merchantId,
  merchantName: merchantNameOf(accounts.merchantId),
  status: accounts.status,
  timeZone: accounts.timeZone,
  language: accounts.language,
};

export async function findSignInAccount(db: Db, name: string) {
  const [account] = await db
    .select(signInColumns)
    .from(signInNames)
    .innerJoin(accounts, eq(accounts.id, signInNames.accountId))
    .where(eq(signInNames.name, normaliseSignInName(name)));
  return account;
}

/**
 * Holds sign-in names until the transaction ends. A merchant application's username is no account's
 * yet (the sign-in registry does not hold it), so an application sent and an account added under one
 * name at the same moment take turns here: whichever comes second sees the first and is refused
 * (docs/accounts-merchants-roles.md, "Sign-up").
 */
export async function holdSignInNames(tx: Db, names: (string | null | undefined)[]): Promise<void> {
  const keys = [...new Set(names.filter((name): name is string => Boolean(name)).map(normaliseSignInName))].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in-name:${key}`}))`);
}

/**
 * The account a single sign-on identity signs in to (docs/security.md, "Single sign-on"): the one an
 * administrator linked it to; else, when the provider verified the address, the one account whose
 * mail it is and whose owner verified it too (a reset link mailed there was used): a mail anyone can
 * type on a profile or an application proves nothing. Several such accounts answer "ambiguous";
 * none "unlinked"; an address the provider did not verify "unverified".
 */
export async function findSsoAccount(
  db: Db,
  identity: { issuer: string; subject: string; email: string | undefined; emailVerified: boolean },
): Promise<
  { found: NonNullable<Awaited<ReturnType<typeof findSignInAccount>>> } | { found: undefined; why: 'unlinked' | 'unverified' | 'ambiguous' }
> {
  const [linked] = await db
    .select(signInColumns)
    .from(accountSso)
    .innerJoin(accounts, eq(accounts.id, accountSso.accountId))
    .where(and(eq(accountSso.issuer, identity.issuer), eq(accountSso.subject, identity.subject)));
  if (linked) return { found: linked };
  const email = identity.email?.trim();
  if (!email) return { found: undefined, why: 'unlinked' };
  if (!identity.emailVerified) return { found: undefined, why: 'unverified' };
  const byMail = await db
    .select(signInColumns)
    .from(accounts)
    .where(sql`lower(${accounts.email}) = lower(${email}) and lower(${accounts.verifiedEmail}) = lower(${accounts.email})`)
    .limit(2);
  if (byMail.length > 1) return { found: undefined, why: 'ambiguous' };
  return byMail[0] ? { found: byMail[0] } : { found: undefined, why: 'unlinked' };
}

/** Notes a successful sign-in on the account. */
export async function recordSignIn(db: Db, accountId: number): Promise<void> {
  await db.update(accounts).set({ lastLoginAt: new Date() }).where(eq(accounts.id, accountId));
}

/** The enabled accounts, as a subquery a session check joins in its own statement. */
export function enabledAccounts(db: Db) {
  return db
    .select({
      id: accounts.id,
      username: accounts.username,
      name: accounts.name,
      type: accounts.type,
      accountType: accounts.accountType,
      merchantId: accounts.merchantId,
    })
    .from(accounts)
    .where(eq(accounts.status, 'ENABLED'))
    .as('enabled_account');
}

/** The id of the account with exactly this username, or null. */
export async function accountIdOfUsername(db: Db, username: string): Promise<number | null> {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, username));
  return account?.id ?? null;
}

/** Whether an account has this username in any case. */
export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.username}) = lower(${username})`);
  return account !== undefined;
}

/** Whether the platform has a super administrator. */
export async function superAdminExists(db: Db): Promise<boolean> {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.type, 'SUPER')).limit(1);
  return account !== undefined;
}

/** Adds the platform's super administrator (the start-up's ADMIN_USERNAME, password already checked and hashed). */
export async function addSuperAdmin(db: Db, username: string, passwordHash: string): Promise<void> {
  await db.insert(accounts).values({ username, name: 'Administrator', passwordHash, accountType: 'PLATFORM', type: 'SUPER' });
}

/** The account's name beside the caller's rows, in the same query (null when none is named). */
export function accountNameOf(accountId: Column | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select ${accounts}.${sql.identifier('name')} from ${accounts} where ${accounts}.${sql.identifier('id')} = ${qualified(accountId)})`;
}

/** The names of these accounts (any state: a history names whoever acted, since disabled or not). */
export async function accountNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Whether an enabled account has this id and belongs to the merchant or to the platform (platform staff only, for a platform device). */
export async function enabledAccountOf(db: Db, id: number, merchantId: number | null): Promise<boolean> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.id, id),
        eq(accounts.status, 'ENABLED'),
        merchantId === null
          ? sql`${accounts.merchantId} is null`
          : sql`(${accounts.merchantId} is null or ${accounts.merchantId} = ${merchantId})`,
      ),
    );
  return account !== undefined;
}

/**
 * Adds a merchant's general administrator holding one role, inside the caller's transaction (an
 * approved merchant application, its password hashed when the company applied); answers its id. A
 * name another account took meanwhile fails on the registry of sign-in names (a unique violation).
 */
export async function insertMerchantAdministrator(
  db: Db,
  account: {
    merchantId: number;
    username: string;
    name: string;
    phone: string | null;
    passwordHash: string;
    /** Where recovery mails go (the applicant's mail). */
    email: string | null;
    roleId: number;
    createdBy: number;
  },
): Promise<number> {
  const [created] = await db
    .insert(accounts)
    .values({
      username: account.username,
      phone: account.phone,
      name: account.name,
      passwordHash: account.passwordHash,
      email: account.email,
      accountType: 'MERCHANT',
      type: 'NORMAL',
      merchantId: account.merchantId,
      createdBy: account.createdBy,
    })
    .returning({ id: accounts.id });
  await db.insert(accountRoles).values({ accountId: created!.id, roleId: account.roleId });
  return created!.id;
}

/**
 * Enabled accounts of these owners (a merchant's id, or null for the platform's staff) whose name or
 * username holds the keyword, by name, at most `limit`, and those named by `ids` among them.
 */
export async function enabledAccountChoices(
  db: Db,
  owners: (number | null)[],
  query: { keyword?: string | undefined; limit: number; ids?: number[] | undefined },
): Promise<{ id: number; name: string; username: string }[]> {
  const merchants = owners.filter((owner): owner is number => owner !== null);
  const ofOwners = or(
    ...(owners.includes(null) ? [sql`${accounts.merchantId} is null`] : []),
    ...(merchants.length ? [inArray(accounts.merchantId, merchants)] : []),
  );
  const pick = { id: accounts.id, name: accounts.name, username: accounts.username };
  const found = await db
    .select(pick)
    .from(accounts)
    .where(
      and(
        eq(accounts.status, 'ENABLED'),
        ofOwners,
        query.keyword ? anyContains([accounts.name, accounts.username], query.keyword) : undefined,
      ),
    )
    .orderBy(asc(accounts.name))
    .limit(query.limit);
  const missing = (query.ids ?? []).filter((id) => !found.some((row) => row.id === id));
  if (missing.length === 0) return found;
  const named = await db
    .select(pick)
    .from(accounts)
    .where(and(eq(accounts.status, 'ENABLED'), ofOwners, inArray(accounts.id, missing)));
  return [...found, ...named];
}

/** The username of the account `accountId` names, as a subquery column, or null. */
export function usernameOf(accountId: SQL | Column): SQL<string | null> {
  return sql<
    string | null
  >`(select a.${sql.identifier('username')} from ${accounts} a where a.${sql.identifier('id')} = ${qualified(accountId)})`;
}

/** The username of the account an identity of `issuer` is linked to, as a subquery column, or null. */
export function linkedUsernameOf(issuer: SQL | Column, subject: SQL | Column): SQL<string | null> {
  return sql<
    string | null
  >`(select a.${sql.identifier('username')} from ${accountSso} l join ${accounts} a on a.${sql.identifier('id')} = l.${sql.identifier('account_id')} where l.${sql.identifier('issuer')} = ${qualified(issuer)} and l.${sql.identifier('subject')} = ${qualified(subject)})`;
}
