import type { FastifyInstance } from 'fastify';
import { eq, lt, lte, sql } from 'drizzle-orm';
import {
  SSO_REFUSAL_KEEP_DAYS,
  SSO_REFUSAL_KEEP_ROWS,
  ssoRefusalApi,
  type AccountRecord,
  type SsoRefusalLink,
  type SsoRefusalReason,
  type SsoRefusalRecord,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import type { CsvColumn } from '../../app/csv.js';
import { AppError, notFound } from '../../app/errors.js';
import { defineList } from '../../app/list.js';
import { anyContains } from '../../app/pagination.js';
import { serve } from '../../app/route.js';
import { linkAccountSso, linkedUsernameOf, outrankedAccountOptions, usernameOf } from '../account/index.js';
import { ssoRefusals } from './session.table.js';

/**
 * Refused single sign-ons (docs/security.md, "Refused single sign-ons"): each sign-in the provider
 * confirmed but this product refused, kept 30 days and at most 10,000 rows, for platform staff to
 * link the identity to its account.
 */

/** A provider's claim as stored: control characters dropped, cut to `max` characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it drops
export const stored = (value: string, max: number) => value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max);

/** Notes a refusal and forgets those past their time or beyond the most kept (in one short statement each). */
export async function recordSsoRefusal(
  db: Db,
  refusal: { issuer: string; subject: string; email: string | undefined; reason: SsoRefusalReason; accountId?: number; ip: string },
): Promise<void> {
  await db.insert(ssoRefusals).values({
    issuer: stored(refusal.issuer, 500),
    subject: stored(refusal.subject, 255),
    email: refusal.email ? stored(refusal.email, 254) : null,
    reason: refusal.reason,
    accountId: refusal.accountId ?? null,
    ip: stored(refusal.ip, 64),
  });
  await db.delete(ssoRefusals).where(lt(ssoRefusals.createdAt, sql`now() - make_interval(days => ${SSO_REFUSAL_KEEP_DAYS})`));
  const [edge] = await db
    .select({ id: ssoRefusals.id })
    .from(ssoRefusals)
    .orderBy(sql`${ssoRefusals.id} desc`)
    .offset(SSO_REFUSAL_KEEP_ROWS)
    .limit(1);
  if (edge) await db.delete(ssoRefusals).where(lte(ssoRefusals.id, edge.id));
}

interface Row {
  id: number;
  iss: string;
  ssoSubject: string;
  email: string | null;
  refusalReason: string;
  reachedUsername: string | null;
  linkedUsername: string | null;
  ip: string;
  at: Date;
}

/** System centre → Refused single sign-ons, newest first. */
const ssoRefusalList = defineList({
  endpoint: ssoRefusalApi.search,
  table: ssoRefusals,
  id: ssoRefusals.id,
  select: {
    id: ssoRefusals.id,
    iss: ssoRefusals.issuer,
    ssoSubject: ssoRefusals.subject,
    email: ssoRefusals.email,
    refusalReason: ssoRefusals.reason,
    reachedUsername: usernameOf(ssoRefusals.accountId),
    linkedUsername: linkedUsernameOf(ssoRefusals.issuer, ssoRefusals.subject),
    ip: ssoRefusals.ip,
    at: ssoRefusals.createdAt,
  },
  sortColumns: { at: ssoRefusals.createdAt, refusalReason: ssoRefusals.reason },
  // Platform staff only (the endpoints' scope): the refusals name no tenant.
  scope: () => undefined,
  filters: {
    keyword: {
      where: (keyword) => anyContains([ssoRefusals.subject, ssoRefusals.email, ssoRefusals.ip], keyword),
      unindexed: 'Part of a subject, mail or address: at most 10,000 refusals are kept, read in full at worst.',
    },
    refusalReason: {
      where: (reason) => eq(ssoRefusals.reason, reason),
      unindexed: 'Four reasons over at most 10,000 rows: a page is found at once walking the list order.',
    },
  },
  count: 'exact',
  present: (row: Row): SsoRefusalRecord => ({
    ...row,
    refusalReason: row.refusalReason as SsoRefusalReason,
    at: row.at.toISOString(),
  }),
});

const CSV_COLUMNS: CsvColumn<SsoRefusalRecord>[] = [
  { field: 'at', show: 'time' },
  { field: 'iss' },
  { field: 'ssoSubject' },
  { field: 'email' },
  { field: 'refusalReason' },
  { field: 'reachedUsername' },
  { field: 'linkedUsername' },
  { field: 'ip' },
];

/**
 * Links the refused identity to an account through Accounts' link (the same checks: the caller
 * outranks the account, one identity one account, audited as account.linkSso); a refusal from
 * another provider than the one set now cannot be linked, nor one to an account already linked to
 * another identity (its link would be replaced unseen: that is done on Accounts, where it shows).
 */
async function linkRefusal(ctx: Ctx, body: SsoRefusalLink, issuer: string | undefined): Promise<AccountRecord> {
  const [refusal] = await ctx.db.select().from(ssoRefusals).where(eq(ssoRefusals.id, body.id));
  if (!refusal) throw notFound();
  if (!issuer) throw new AppError('ssoNotConfigured');
  if (refusal.issuer !== issuer) throw new AppError('ssoRefusalOtherProvider', { issuer: refusal.issuer });
  return linkAccountSso(ctx, { id: body.accountId, ssoSubject: refusal.subject }, issuer, { keepOtherLink: true });
}

/** System centre → Refused single sign-ons (/system/sso-refusal/list): platform staff only. */
export function registerSsoRefusalRoutes(app: FastifyInstance, options: { ssoIssuer?: string }): void {
  serve(app, ssoRefusalApi.search, ({ input, ctx }) => ssoRefusalList.search(ctx, input));
  serve(app, ssoRefusalApi.export, ({ input, ctx, reply }) =>
    ssoRefusalList.sendExport(reply, ctx, input, { filename: 'refused-single-sign-ons.csv', columns: CSV_COLUMNS }),
  );
  serve(app, ssoRefusalApi.link, ({ input, ctx }) => linkRefusal(ctx, input, options.ssoIssuer));
  serve(app, ssoRefusalApi.accounts, ({ input, ctx }) => outrankedAccountOptions(ctx, input));
}

/** The demo provider's issuer: demo refusals came from it (linking them needs a provider with this issuer). */
const DEMO_ISSUER = 'https://login.example.com/realms/staff';

/** A few demo refusals of the last days, one of each reason, once. */
export async function seedDemoSsoRefusals(db: Db): Promise<void> {
  const [any] = await db.select({ id: ssoRefusals.id }).from(ssoRefusals).limit(1);
  if (any) return;
  const hour = 3600_000;
  const rows: { subject: string; email: string | null; reason: SsoRefusalReason; ip: string; hoursAgo: number }[] = [
    { subject: '5f1c2a90-staff-rina', email: 'rina.wijaya@demo-agent.example', reason: 'UNLINKED', ip: '203.0.113.24', hoursAgo: 2 },
    { subject: '8d7e6b11-staff-budi', email: 'budi@demo-agent.example', reason: 'UNVERIFIED', ip: '203.0.113.51', hoursAgo: 9 },
    { subject: 'c03a44d2-staff-somchai', email: 'ops@siam-swap.example', reason: 'AMBIGUOUS', ip: '198.51.100.7', hoursAgo: 30 },
    { subject: '1b9f0e35-contractor', email: null, reason: 'UNLINKED', ip: '198.51.100.90', hoursAgo: 75 },
    { subject: '77aa5c01-staff-dewi', email: 'dewi@demo-agent.example', reason: 'UNLINKED', ip: '203.0.113.24', hoursAgo: 140 },
  ];
  await db.insert(ssoRefusals).values(
    rows.map((row) => ({
      issuer: DEMO_ISSUER,
      subject: row.subject,
      email: row.email,
      reason: row.reason,
      ip: row.ip,
      createdAt: new Date(Date.now() - row.hoursAgo * hour),
    })),
  );
}
