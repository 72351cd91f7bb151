import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { id, safeText } from '../validation.js';
import { optionsQuery } from './choices.js';
import { accountRecord } from './account.js';

/**
 * Refused single sign-ons (System centre → Refused single sign-ons, platform staff only): each
 * sign-in the provider confirmed but the product refused, with why, so an administrator can link
 * the identity to its account (docs/security.md, "Refused single sign-ons").
 */
export const SSO_REFUSAL_REASONS = ['UNLINKED', 'UNVERIFIED', 'AMBIGUOUS', 'DISABLED'] as const;
export type SsoRefusalReason = (typeof SSO_REFUSAL_REASONS)[number];
/** How long refusals are kept, and the most kept (the oldest go first). */
export const SSO_REFUSAL_KEEP_DAYS = 30;
export const SSO_REFUSAL_KEEP_ROWS = 10_000;

export const ssoRefusalFieldLabels = {
  refusalReason: { en: 'Why refused', in: 'Alasan ditolak', th: 'เหตุที่ถูกปฏิเสธ', zh: '拒绝原因' },
  reachedUsername: { en: 'Account reached', in: 'Akun yang dituju', th: 'บัญชีที่พบ', zh: '匹配到的账号' },
  linkedUsername: { en: 'Linked to', in: 'Terhubung ke', th: 'เชื่อมกับ', zh: '已关联到' },
} satisfies FieldLabels;

export const ssoRefusalRecord = z.object({
  id: z.number(),
  /** The provider's issuer the identity came from. */
  iss: z.string(),
  /** The provider's identifier of the person (its subject). */
  ssoSubject: z.string(),
  /** The mail the provider claimed for the person; null: none. */
  email: z.string().nullable(),
  refusalReason: z.enum(SSO_REFUSAL_REASONS),
  /** The disabled account the identity reached (DISABLED only). */
  reachedUsername: z.string().nullable(),
  /** The account the identity is linked to now; null: none yet. */
  linkedUsername: z.string().nullable(),
  ip: z.string(),
  at: z.string(),
});
export type SsoRefusalRecord = z.infer<typeof ssoRefusalRecord>;

export const SSO_REFUSAL_SORTABLE = ['at', 'email', 'refusalReason'] as const;
export const ssoRefusalSearch = pageQuerySchema.extend({
  keyword: safeText(100).optional(),
  refusalReason: z.enum(SSO_REFUSAL_REASONS).optional(),
});
export type SsoRefusalSearch = z.infer<typeof ssoRefusalSearch>;

/** Links the refused identity to an account the caller may act on. */
export const ssoRefusalLink = z.object({ id: id, accountId: id });
export type SsoRefusalLink = z.infer<typeof ssoRefusalLink>;

/** An account as a choice of the link (its username and name). */
export const linkAccountOption = z.object({ id: z.number(), username: z.string(), name: z.string() });

export const ssoRefusalApi = {
  search: endpoint({
    method: 'POST',
    path: '/admin/sso-refusal/search',
    access: { code: 'admin.ssoRefusal', scope: 'platform' },
    body: ssoRefusalSearch,
    sortable: SSO_REFUSAL_SORTABLE,
    answer: pageSchema(ssoRefusalRecord),
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/sso-refusal/export',
    access: { code: 'admin.ssoRefusal.export', scope: 'platform' },
    body: ssoRefusalSearch,
    sortable: SSO_REFUSAL_SORTABLE,
    answer: 'csv',
  }),
  link: endpoint({
    method: 'POST',
    path: '/admin/sso-refusal/link',
    access: { code: 'admin.ssoRefusal.link', scope: 'platform' },
    body: ssoRefusalLink,
    answer: accountRecord,
    summary: "Links the refused identity to an account the caller outranks (as Accounts' Link single sign-on does)",
  }),
  accounts: endpoint({
    method: 'POST',
    path: '/admin/sso-refusal/accounts',
    access: { code: 'admin.ssoRefusal.link', scope: 'platform' },
    body: optionsQuery,
    answer: z.array(linkAccountOption),
    summary: 'The accounts the caller outranks whose username holds the keyword, as choices of the link',
  }),
} as const;
