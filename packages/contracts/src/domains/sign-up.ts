import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { accountUsername, id, idQuery, nameField, newPassword, phone, requiredText, safeText } from '../validation.js';
import { MERCHANT_TYPES, uploadedFile } from './merchant.js';
import { emailAddress } from './profile.js';

/**
 * Sign-up: a company applies to become a merchant; platform staff approve or reject the application
 * (docs/accounts-merchants-roles.md, "Sign-up").
 */
export const MERCHANT_APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type MerchantApplicationStatus = (typeof MERCHANT_APPLICATION_STATUSES)[number];

/** Labels of the fields sign-up brought to the product (see FIELD_LABELS). */
export const signUpFieldLabels = {
  reviewedAt: { en: 'Reviewed at', in: 'Ditinjau pada', th: 'ตรวจสอบเมื่อ', zh: '审核时间' },
  reviewerName: { en: 'Reviewed by', in: 'Ditinjau oleh', th: 'ตรวจสอบโดย', zh: '审核人' },
} satisfies FieldLabels;

/** What an applicant sends: the merchant's fields, its three documents, and its administrator's sign-in. */
export const signUpApply = z.object({
  name: nameField,
  type: z.enum(MERCHANT_TYPES, { message: 'validation.required' }),
  personInCharge: nameField,
  contact: phone,
  /** Where the applicant is told the review's outcome; the approved administrator's recovery mail too. */
  email: emailAddress,
  officeAddress: requiredText(200),
  idCardFrontFileId: id,
  idCardBackFileId: id,
  facePhotoFileId: id,
  username: accountUsername,
  password: newPassword,
});
export type SignUpApply = z.infer<typeof signUpApply>;

/** The public answer: only that the application waits for review (its id to quote). */
export const signUpReceipt = z.object({ id: z.number(), status: z.enum(MERCHANT_APPLICATION_STATUSES) });

export const merchantApplicationRecord = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(MERCHANT_TYPES),
  personInCharge: z.string(),
  contact: z.string(),
  /** Empty for applications sent before the form asked for it. */
  email: z.string(),
  officeAddress: z.string(),
  idCardFrontFileId: z.number(),
  idCardBackFileId: z.number(),
  facePhotoFileId: z.number(),
  username: z.string(),
  status: z.enum(MERCHANT_APPLICATION_STATUSES),
  reason: z.string(),
  /** The merchant the approval created. */
  merchantId: z.number().nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MerchantApplicationRecord = z.infer<typeof merchantApplicationRecord>;

export const MERCHANT_APPLICATION_SORTABLE = ['name', 'type', 'status', 'createdAt', 'reviewedAt'] as const;
/** keyword matches company, person in charge, contact, mail and username. */
export const merchantApplicationSearch = pageQuerySchema.extend({
  keyword: safeText(64).optional(),
  type: z.enum(MERCHANT_TYPES).optional(),
  status: z.enum(MERCHANT_APPLICATION_STATUSES).optional(),
});
export type MerchantApplicationSearch = z.infer<typeof merchantApplicationSearch>;

export const merchantApplicationReject = z.object({ id, reason: requiredText(200) });
export type MerchantApplicationReject = z.infer<typeof merchantApplicationReject>;

/** The public calls of the sign-up page, under /api/auth (nobody is signed in yet); throttled per address. */
export const signUpApi = {
  upload: endpoint({
    method: 'POST',
    base: 'auth',
    path: '/oms/sign-up/upload',
    access: 'public',
    multipart: true,
    answer: uploadedFile,
    summary: "multipart/form-data with one image (JPEG, PNG or WebP, at most 5 MB): a document of the applicant's",
  }),
  apply: endpoint({
    method: 'POST',
    base: 'auth',
    path: '/oms/sign-up',
    access: 'public',
    body: signUpApply,
    answer: signUpReceipt,
    summary: 'A company applies to become a merchant; its administrator signs in once platform staff approve',
  }),
} as const;

/** System centre → Merchant applications: platform staff review what applicants sent. */
export const merchantApplicationApi = {
  search: endpoint({
    method: 'POST',
    path: '/admin/merchant-application/search',
    access: { code: 'admin.merchantApplication', scope: 'platform' },
    body: merchantApplicationSearch,
    sortable: MERCHANT_APPLICATION_SORTABLE,
    answer: pageSchema(merchantApplicationRecord),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/merchant-application/detail',
    access: { code: 'admin.merchantApplication', scope: 'platform' },
    query: idQuery,
    answer: merchantApplicationRecord,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/admin/merchant-application/approve',
    access: { code: 'admin.merchantApplication.approve', scope: 'platform' },
    body: z.object({ id }),
    answer: merchantApplicationRecord,
    summary: 'Creates the merchant, its administrator role and account in one transaction',
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/merchant-application/reject',
    access: { code: 'admin.merchantApplication.reject', scope: 'platform' },
    body: merchantApplicationReject,
    answer: merchantApplicationRecord,
  }),
} as const;
