import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint, noAnswer } from '../endpoint.js';
import { id, idQuery, nameField, phone, requiredText, safeText } from '../validation.js';

export const MERCHANT_TYPES = ['AGENT', 'DIRECT'] as const;
export type MerchantType = (typeof MERCHANT_TYPES)[number];

/** Uploaded images: ID card front and back and face photo. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const merchantRecord = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(MERCHANT_TYPES),
  personInCharge: z.string(),
  contact: z.string(),
  officeAddress: z.string(),
  idCardFrontFileId: z.number().nullable(),
  idCardBackFileId: z.number().nullable(),
  facePhotoFileId: z.number().nullable(),
  accountCount: z.number(),
  createdAt: z.string(),
});
export type MerchantRecord = z.infer<typeof merchantRecord>;

/** The columns the list sorts by. */
export const MERCHANT_SORTABLE = ['name', 'type', 'personInCharge', 'accountCount', 'createdAt'] as const;
export const merchantSearch = pageQuerySchema.extend({
  keyword: safeText(64).optional(),
  type: z.enum(MERCHANT_TYPES).optional(),
});
export type MerchantSearch = z.infer<typeof merchantSearch>;

export const merchantAdd = z.object({
  name: nameField,
  type: z.enum(MERCHANT_TYPES),
  personInCharge: nameField,
  contact: phone,
  officeAddress: requiredText(200),
  idCardFrontFileId: id.nullable().optional(),
  idCardBackFileId: id.nullable().optional(),
  facePhotoFileId: id.nullable().optional(),
});
export type MerchantAdd = z.infer<typeof merchantAdd>;
/**
 * Edit replaces every field. A merchant's own staff may change only the contact fields
 * (MERCHANT_SELF_EDITABLE); any other field must be sent unchanged.
 */
export const merchantEdit = merchantAdd.extend({ id: id });
export type MerchantEdit = z.infer<typeof merchantEdit>;
export const MERCHANT_SELF_EDITABLE = ['personInCharge', 'contact', 'officeAddress'] as const;

/** Answer of POST /api/oms/file/upload; GET /api/oms/file/download?id= streams the file back. */
export const uploadedFile = z.object({ id: z.number(), name: z.string(), mime: z.string(), size: z.number(), sha256: z.string() });
export type UploadedFile = z.infer<typeof uploadedFile>;

/** Merchants (System centre → Merchants); adding and removing is platform work. */
export const merchantApi = {
  search: endpoint({
    method: 'POST',
    path: '/admin/merchant/search',
    access: { code: 'admin.merchant' },
    body: merchantSearch,
    answer: pageSchema(merchantRecord),
    sortable: ['name', 'type', 'personInCharge', 'accountCount', 'createdAt'],
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/merchant/detail',
    access: { code: 'admin.merchant.detail' },
    query: idQuery,
    answer: merchantRecord,
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/merchant/add',
    access: { code: 'admin.merchant.add', scope: 'platform' },
    body: merchantAdd,
    answer: merchantRecord,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/admin/merchant/edit',
    access: { code: 'admin.merchant.edit' },
    body: merchantEdit,
    answer: merchantRecord,
  }),
  remove: endpoint({
    method: 'GET',
    path: '/admin/merchant/remove',
    access: { code: 'admin.merchant.remove', scope: 'platform' },
    query: idQuery,
    answer: noAnswer,
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/merchant/export',
    access: { code: 'admin.merchant.export' },
    body: merchantSearch,
    sortable: MERCHANT_SORTABLE,
    answer: 'csv',
  }),
} as const;
