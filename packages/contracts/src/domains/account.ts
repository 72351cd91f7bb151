import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import { accountUsername, cleanString, id, idQuery, nameField, newPassword, phone, safeText } from '../validation.js';
import { USER_TYPES } from './session.js';
import { emailAddress } from './profile.js';

/** Account type: platform staff or a merchant's staff (ownership = the merchant). */
export const ACCOUNT_TYPES = ['PLATFORM', 'MERCHANT'] as const;
export const ACCOUNT_STATUSES = ['ENABLED', 'DISABLED'] as const;

export const accountRecord = z.object({
  id: z.number(),
  username: z.string(),
  phone: z.string().nullable(),
  /** Where the account's mails go (password recovery, the applicant's review); null: none, they go to the outbox. */
  email: z.string().nullable(),
  name: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  /** Identity type: SUPER (super admin), NORMAL (general admin), SON (sub-account). */
  type: z.enum(USER_TYPES),
  status: z.enum(ACCOUNT_STATUSES),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  roleIds: z.array(z.number()),
  roleNames: z.array(z.string()),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** The single sign-on identity an administrator linked to the account (the provider's subject); null: none. */
  ssoSubject: z.string().nullable().optional(),
});
export type AccountRecord = z.infer<typeof accountRecord>;

/** The columns the list sorts by. */
export const ACCOUNT_SORTABLE = [
  'username',
  'name',
  'email',
  'type',
  'status',
  'accountType',
  'merchantName',
  'lastLoginAt',
  'createdAt',
] as const;
export const accountSearch = pageQuerySchema.extend({
  keyword: safeText(64).optional(),
  type: z.enum(USER_TYPES).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  merchantId: id.optional(),
});
export type AccountSearch = z.infer<typeof accountSearch>;

/** An optional phone: an empty string means none. */
const optionalPhone = phone.optional().or(z.literal('').transform(() => undefined));
/** An optional mail address (the profile's rule): an empty string means none. */
const optionalEmail = emailAddress.optional().or(z.literal('').transform(() => undefined));

export const accountAdd = z.object({
  username: accountUsername,
  phone: optionalPhone,
  email: optionalEmail,
  name: nameField,
  password: newPassword,
  type: z.enum(['NORMAL', 'SON']),
  /**
   * PLATFORM creates platform staff (platform callers only; type NORMAL, no merchant). MERCHANT,
   * the default, creates a merchant's account: a platform caller must then choose the merchant.
   */
  accountType: z.enum(ACCOUNT_TYPES).optional(),
  /** Required when a platform admin creates a merchant account ("platform admin must choose an agent"). */
  merchantId: id.nullable().optional(),
  roleIds: z.array(id).max(50).default([]),
});
export type AccountAdd = z.infer<typeof accountAdd>;

/**
 * Edit replaces the editable fields: name, phone and mail (absent or empty clears them) and type
 * (absent keeps it). Username, tenant and account type never change; roles change through assignRoles.
 */
export const accountEdit = accountAdd
  .pick({ phone: true, email: true, name: true })
  .extend({ id: id, type: z.enum(['NORMAL', 'SON']).optional() });
export type AccountEdit = z.infer<typeof accountEdit>;

export const accountStatusBody = z.object({ id: id, status: z.enum(ACCOUNT_STATUSES) });
export type AccountStatusBody = z.infer<typeof accountStatusBody>;
export const accountResetPassword = z.object({ id: id, password: newPassword });
export type AccountResetPassword = z.infer<typeof accountResetPassword>;
export const accountAssignRoles = z.object({ id: id, roleIds: z.array(id).max(50) });
export type AccountAssignRoles = z.infer<typeof accountAssignRoles>;

/** The provider's identifier of a person (an OpenID Connect subject: at most 255 characters, no control characters). */
export const ssoSubject = cleanString()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(255, { message: 'validation.tooLong' })
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { message: 'validation.illegalChars' });
export const accountLinkSso = z.object({ id: id, ssoSubject });
export type AccountLinkSso = z.infer<typeof accountLinkSso>;

/** Accounts (System centre → Accounts); every change answers the account as it now is. */
export const accountApi = {
  search: endpoint({
    method: 'POST',
    path: '/admin/account/search',
    access: { code: 'admin.admin' },
    body: accountSearch,
    answer: pageSchema(accountRecord),
    sortable: ACCOUNT_SORTABLE,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/account/detail',
    access: { code: 'admin.admin' },
    query: idQuery,
    answer: accountRecord,
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/account/add',
    access: { code: 'admin.admin.add' },
    body: accountAdd,
    answer: accountRecord,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/admin/account/edit',
    access: { code: 'admin.admin.edit' },
    body: accountEdit,
    answer: accountRecord,
  }),
  status: endpoint({
    method: 'POST',
    path: '/admin/account/status',
    access: { code: 'admin.admin.status' },
    body: accountStatusBody,
    answer: accountRecord,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/admin/account/resetPassword',
    access: { code: 'admin.admin.resetPassword' },
    body: accountResetPassword,
    answer: accountRecord,
  }),
  assignRoles: endpoint({
    method: 'POST',
    path: '/admin/account/assignRoles',
    access: { code: 'admin.admin.assignRoles' },
    body: accountAssignRoles,
    answer: accountRecord,
  }),
  linkSso: endpoint({
    method: 'POST',
    path: '/admin/account/linkSso',
    access: { code: 'admin.admin.edit' },
    body: accountLinkSso,
    answer: accountRecord,
    summary: "Links a single sign-on identity (the provider's subject) to the account; one identity, one account",
  }),
  unlinkSso: endpoint({
    method: 'POST',
    path: '/admin/account/unlinkSso',
    access: { code: 'admin.admin.edit' },
    body: z.object({ id: id }),
    answer: accountRecord,
    summary: "Removes the account's single sign-on link",
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/account/export',
    access: { code: 'admin.admin.export' },
    body: accountSearch,
    sortable: ACCOUNT_SORTABLE,
    answer: 'csv',
  }),
} as const;
