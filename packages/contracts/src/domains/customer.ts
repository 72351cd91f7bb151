import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import type { FieldLabels } from '../language.js';
import { cleanString, id, idQuery, nameField, phone, requiredText, safeText } from '../validation.js';
import { uploadedFile } from './merchant.js';

/**
 * Customers (User centre → Customers, /user/list, /user/detail/:id) and their identity audits
 * (/user/auditList): each customer belongs to one merchant, is found by its public number (C20003),
 * may be restricted and relaxed, and is removed softly (docs/customers.md).
 */
export const CERTIFICATE_TYPES = ['ID_CARD', 'PASSPORT'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

export const AUTH_STATUSES = ['APPROVED', 'NOT_CERTIFIED', 'TO_BE_REVIEWED'] as const;
export type AuthStatus = (typeof AUTH_STATUSES)[number];

export const RESTRICTIONS = ['UNRESTRICTED', 'RESTRICTED'] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

export const DELETION_STATUSES = ['NORMAL', 'DELETED'] as const;
export type DeletionStatus = (typeof DELETION_STATUSES)[number];

export const AUDIT_STATES = ['PENDING', 'PASSED', 'FAILED'] as const;
export type AuditState = (typeof AUDIT_STATES)[number];

/** Who sent a submission: the customer (their app) or the merchant's staff on their behalf. */
export const SUBMITTERS = ['USER', 'MERCHANT'] as const;
export type Submitter = (typeof SUBMITTERS)[number];

/** Who decided a submission: the automatic check or a person. */
export const AUDIT_MODES = ['AUTOMATIC', 'MANUAL'] as const;
export type AuditMode = (typeof AUDIT_MODES)[number];

/**
 * The format a certificate number must have (docs/customers.md, "Identity audits"): an ID card is
 * Indonesia's NIK, 16 digits; a passport 6 to 9 letters or digits.
 */
export const CERTIFICATE_FORMATS: Readonly<Record<CertificateType, RegExp>> = {
  ID_CARD: /^\d{16}$/,
  PASSPORT: /^[A-Za-z0-9]{6,9}$/,
};

/** Document photos one submission carries. */
export const DOCUMENT_PHOTOS_MAX = 2;

/** Labels of the fields customers brought to the product (see FIELD_LABELS). */
export const customerFieldLabels = {
  customerNumber: { en: 'Customer number', in: 'Nomor pelanggan', th: 'หมายเลขลูกค้า', zh: '客户编号' },
  givenName: { en: 'Given name', in: 'Nama depan', th: 'ชื่อ', zh: '名' },
  familyName: { en: 'Family name', in: 'Nama keluarga', th: 'นามสกุล', zh: '姓' },
  certificateType: { en: 'Certificate type', in: 'Jenis identitas', th: 'ประเภทเอกสาร', zh: '证件类型' },
  certificateNumber: { en: 'Certificate number', in: 'Nomor identitas', th: 'เลขที่เอกสาร', zh: '证件号码' },
  authStatus: { en: 'Authentication', in: 'Autentikasi', th: 'การยืนยันตัวตน', zh: '认证状态' },
  restriction: { en: 'Restriction', in: 'Pembatasan', th: 'การจำกัด', zh: '限制状态' },
  deletion: { en: 'Deletion status', in: 'Status penghapusan', th: 'สถานะการลบ', zh: '删除状态' },
  restrictReason: { en: 'Restriction reason', in: 'Alasan pembatasan', th: 'เหตุผลการจำกัด', zh: '限制原因' },
  auditState: { en: 'Audit state', in: 'Status audit', th: 'สถานะการตรวจสอบ', zh: '审核状态' },
  submitter: { en: 'Submitted by', in: 'Diajukan oleh', th: 'ส่งโดย', zh: '提交方' },
  auditMode: { en: 'Audited', in: 'Diaudit', th: 'ตรวจสอบแบบ', zh: '审核方式' },
  auditReason: { en: 'Audit reason', in: 'Alasan audit', th: 'เหตุผลการตรวจสอบ', zh: '审核原因' },
  submittedAt: { en: 'Submitted', in: 'Diajukan', th: 'ส่งเมื่อ', zh: '提交时间' },
  auditorName: { en: 'Auditor', in: 'Auditor', th: 'ผู้ตรวจสอบ', zh: '审核人' },
  documentFileIds: { en: 'Document photos', in: 'Foto dokumen', th: 'รูปเอกสาร', zh: '证件照片' },
  faceFileId: { en: 'Face photo', in: 'Foto wajah', th: 'รูปใบหน้า', zh: '人脸照片' },
} satisfies FieldLabels;

/** A customer's public number: letters, digits, minus; 1 to 32. */
const customerNumber = cleanString()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(32, { message: 'validation.codeFormat' })
  .regex(/^[A-Za-z0-9-]+$/, { message: 'validation.codeFormat' });

export const customerRecord = z.object({
  id: z.number(),
  customerNumber: z.string(),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  givenName: z.string(),
  familyName: z.string(),
  phone: z.string().nullable(),
  certificateType: z.enum(CERTIFICATE_TYPES).nullable(),
  certificateNumber: z.string().nullable(),
  authStatus: z.enum(AUTH_STATUSES),
  restriction: z.enum(RESTRICTIONS),
  restrictReason: z.string(),
  deletion: z.enum(DELETION_STATUSES),
  createdAt: z.string(),
});
export type CustomerRecord = z.infer<typeof customerRecord>;

const isoTime = z.iso.datetime({ offset: true });

/** name matches the start of the given or family name; phone and certificate number the start of theirs. */
export const customerSearch = pageQuerySchema.extend({
  name: safeText(40).optional(),
  phone: safeText(20).optional(),
  certificateNumber: safeText(20).optional(),
  customerNumber: safeText(32).optional(),
  authStatus: z.enum(AUTH_STATUSES).optional(),
  restriction: z.enum(RESTRICTIONS).optional(),
  deletion: z.enum(DELETION_STATUSES).optional(),
  merchantId: id.optional(),
  createdFrom: isoTime.optional(),
  createdTo: isoTime.optional(),
});
export type CustomerSearch = z.infer<typeof customerSearch>;

/**
 * Staff register a customer on their behalf; platform staff name the merchant. The number is the
 * one the customer already has elsewhere, or, left out, the server's next.
 */
export const customerAdd = z.object({
  merchantId: id.nullish(),
  customerNumber: customerNumber.nullish(),
  givenName: nameField,
  familyName: nameField,
  phone,
});
export type CustomerAdd = z.infer<typeof customerAdd>;

export const customerEdit = z.object({ id, givenName: nameField, familyName: nameField, phone });
export type CustomerEdit = z.infer<typeof customerEdit>;

/** Restrict or relax a customer, with the reason. */
export const customerRestrict = z.object({ id, reason: requiredText(200) });
export type CustomerRestrict = z.infer<typeof customerRestrict>;

/**
 * The detail page: the record, the vehicles bound to the customer and its identity submissions
 * (newest first, at most DETAIL_ROWS). Its wallet, top-ups, applications, swaps and reservations
 * come from their own lists, filtered by the customer's number.
 */
export const customerDetail = customerRecord.extend({
  devices: z.array(z.object({ id: z.number(), number: z.string() })),
  /** The batteries the customer holds (handed over by a battery order; docs/orders.md). */
  batteries: z.array(z.object({ id: z.number(), number: z.string() })),
  submissions: z.array(z.object({ id: z.number(), auditState: z.enum(AUDIT_STATES), submittedAt: z.string() })),
});
export type CustomerDetail = z.infer<typeof customerDetail>;
export const CUSTOMER_DETAIL_ROWS = 10;

// Identity audits

export const identityRecord = z.object({
  id: z.number(),
  customerId: z.number(),
  customerNumber: z.string(),
  customerName: z.string(),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  certificateType: z.enum(CERTIFICATE_TYPES),
  certificateNumber: z.string(),
  documentFileIds: z.array(z.number()),
  faceFileId: z.number().nullable(),
  submitter: z.enum(SUBMITTERS),
  auditState: z.enum(AUDIT_STATES),
  auditMode: z.enum(AUDIT_MODES).nullable(),
  auditReason: z.string(),
  auditorName: z.string(),
  submittedAt: z.string(),
  auditedAt: z.string().nullable(),
});
export type IdentityRecord = z.infer<typeof identityRecord>;

export const identitySearch = pageQuerySchema.extend({
  customerNumber: safeText(32).optional(),
  certificateNumber: safeText(20).optional(),
  auditState: z.enum(AUDIT_STATES).optional(),
  submitter: z.enum(SUBMITTERS).optional(),
  merchantId: id.optional(),
  submittedFrom: isoTime.optional(),
  submittedTo: isoTime.optional(),
});

/** Staff send a customer's documents on their behalf (the photos uploaded through the file module first). */
export const identitySubmit = z.object({
  customerId: id,
  certificateType: z.enum(CERTIFICATE_TYPES, { message: 'validation.required' }),
  certificateNumber: cleanString().trim().min(1, { message: 'validation.required' }).max(20, { message: 'validation.tooLong' }),
  documentFileIds: z.array(id).max(DOCUMENT_PHOTOS_MAX, { message: 'validation.tooLong' }).default([]),
  faceFileId: id.nullish(),
});
export type IdentitySubmit = z.infer<typeof identitySubmit>;

/** A person's decision on a pending submission; a failure needs its reason. */
export const identityAudit = z.object({
  id,
  decision: z.enum(['PASSED', 'FAILED'], { message: 'validation.required' }),
  reason: safeText(200).optional(),
});
export type IdentityAuditInput = z.infer<typeof identityAudit>;

const SORTABLE = ['createdAt', 'customerNumber'] as const;
const IDENTITY_SORTABLE = ['submittedAt'] as const;

export const customerApi = {
  search: endpoint({
    method: 'POST',
    path: '/customer/search',
    access: { code: 'customer.list' },
    body: customerSearch,
    answer: pageSchema(customerRecord),
    sortable: SORTABLE,
  }),
  detail: endpoint({ method: 'GET', path: '/customer/detail', access: { code: 'customer.list' }, query: idQuery, answer: customerDetail }),
  add: endpoint({
    method: 'POST',
    path: '/customer/add',
    access: { code: 'customer.list.add' },
    body: customerAdd,
    answer: customerRecord,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/customer/edit',
    access: { code: 'customer.list.edit' },
    body: customerEdit,
    answer: customerRecord,
  }),
  remove: endpoint({
    method: 'GET',
    path: '/customer/remove',
    access: { code: 'customer.list.remove' },
    query: idQuery,
    answer: customerRecord,
  }),
  restrict: endpoint({
    method: 'POST',
    path: '/customer/restrict',
    access: { code: 'customer.list.restrict' },
    body: customerRestrict,
    answer: customerRecord,
  }),
  relax: endpoint({
    method: 'POST',
    path: '/customer/relax',
    access: { code: 'customer.list.restrict' },
    body: customerRestrict,
    answer: customerRecord,
  }),
  export: endpoint({
    method: 'POST',
    path: '/customer/export',
    access: { code: 'customer.list.export' },
    body: customerSearch,
    sortable: SORTABLE,
    answer: 'csv',
  }),
} as const;

export const identityApi = {
  search: endpoint({
    method: 'POST',
    path: '/customer/identity/search',
    access: { code: 'customer.authentication' },
    body: identitySearch,
    answer: pageSchema(identityRecord),
    sortable: IDENTITY_SORTABLE,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/customer/identity/submit',
    access: { code: 'customer.list.edit' },
    body: identitySubmit,
    answer: identityRecord,
  }),
  /**
   * One identity photo (JPEG, PNG or WebP, at most 5 MB) of a customer, sent as multipart with the
   * text field `customerId` before the file: stored in the customer's merchant, so that merchant's
   * staff see it; another tenant's customer answers "does not exist".
   */
  upload: endpoint({
    method: 'POST',
    path: '/customer/identity/upload',
    access: { code: 'customer.list.edit' },
    multipart: true,
    answer: uploadedFile,
    summary: 'multipart/form-data: the field customerId, then one image file (JPEG, PNG or WebP, at most 5 MB)',
  }),
  audit: endpoint({
    method: 'POST',
    path: '/customer/identity/audit',
    access: { code: 'customer.authentication.audit' },
    body: identityAudit,
    answer: identityRecord,
  }),
  export: endpoint({
    method: 'POST',
    path: '/customer/identity/export',
    access: { code: 'customer.authentication.export' },
    body: identitySearch,
    sortable: IDENTITY_SORTABLE,
    answer: 'csv',
  }),
} as const;
