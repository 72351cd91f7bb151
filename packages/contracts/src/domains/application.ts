import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import type { FieldLabels } from '../language.js';
import { cleanString, id, idQuery, requiredText, safeText } from '../validation.js';

/**
 * Asset applications (Operation centre → Applications, /operation-center/application/*): a customer
 * returns devices (RETURN) or asks for after-sales replacement (REPLACE). Until a customer app
 * exists, staff register an application on a customer's behalf (docs/operation-centre.md,
 * "Applications").
 */
export const APPLICATION_TYPES = ['RETURN', 'REPLACE'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

export const APPLICATION_STATUSES = ['AUDIT', 'HANDLING', 'COMPLETE', 'REJECTED', 'CANCELLED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The devices an application may concern. */
export const APPLICATION_DEVICE_KINDS = ['battery', 'vehicle'] as const;
export type ApplicationDeviceKind = (typeof APPLICATION_DEVICE_KINDS)[number];

/** The steps an application may take from each state; the last three are final. */
export const APPLICATION_TRANSITIONS: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  AUDIT: ['HANDLING', 'REJECTED', 'CANCELLED'],
  HANDLING: ['COMPLETE', 'CANCELLED'],
  COMPLETE: [],
  REJECTED: [],
  CANCELLED: [],
};

/** Whether an application in `from` may move to `to`. */
export function applicationMayMove(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return APPLICATION_TRANSITIONS[from].includes(to);
}

/** Devices one application may name. */
export const APPLICATION_DEVICES_MAX = 10;

/** Labels of the fields applications brought to the product (see FIELD_LABELS). */
export const applicationFieldLabels = {
  applicationType: { en: 'Application type', in: 'Jenis pengajuan', th: 'ประเภทคำร้อง', zh: '申请类型' },
  applicationStatus: { en: 'Application status', in: 'Status pengajuan', th: 'สถานะคำร้อง', zh: '申请状态' },
  customerId: { en: 'Customer ID', in: 'ID pelanggan', th: 'รหัสลูกค้า', zh: '客户ID' },
  deviceKind: { en: 'Device kind', in: 'Jenis perangkat', th: 'ชนิดอุปกรณ์', zh: '设备种类' },
  deviceNumbers: { en: 'Devices', in: 'Perangkat', th: 'อุปกรณ์', zh: '设备' },
  exchangeNumbers: { en: 'Devices given in exchange', in: 'Perangkat pengganti', th: 'อุปกรณ์ที่ให้แทน', zh: '换出的设备' },
  fromStatus: { en: 'From', in: 'Dari', th: 'จาก', zh: '从' },
  toStatus: { en: 'To', in: 'Ke', th: 'เป็น', zh: '到' },
} satisfies FieldLabels;

const deviceNumber = cleanString().trim().min(1, { message: 'validation.required' }).max(40, { message: 'validation.tooLong' });
const deviceNumbers = z
  .array(deviceNumber)
  .min(1, { message: 'validation.required' })
  .max(APPLICATION_DEVICES_MAX, { message: 'validation.tooLong' });

export const applicationRecord = z.object({
  id: z.number(),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  applicationType: z.enum(APPLICATION_TYPES),
  applicationStatus: z.enum(APPLICATION_STATUSES),
  customerId: z.string(),
  deviceKind: z.enum(APPLICATION_DEVICE_KINDS),
  deviceNumbers: z.array(z.string()),
  /** What a replacement gave the customer, recorded when it completes; empty otherwise. */
  exchangeNumbers: z.array(z.string()),
  reason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicationRecord = z.infer<typeof applicationRecord>;

/** One step of an application: who moved it from which state to which, when, and why. */
export const applicationStep = z.object({
  id: z.number(),
  fromStatus: z.enum(APPLICATION_STATUSES).nullable(),
  toStatus: z.enum(APPLICATION_STATUSES),
  operatorName: z.string(),
  remark: z.string(),
  createdAt: z.string(),
});
export type ApplicationStep = z.infer<typeof applicationStep>;

export const applicationDetail = applicationRecord.extend({ steps: z.array(applicationStep) });
export type ApplicationDetail = z.infer<typeof applicationDetail>;

export const applicationSearch = pageQuerySchema.extend({
  applicationType: z.enum(APPLICATION_TYPES).optional(),
  applicationStatus: z.enum(APPLICATION_STATUSES).optional(),
  customerId: safeText(64).optional(),
  /** One of the devices concerned or given in exchange, exactly. */
  deviceNumber: safeText(40).optional(),
  merchantId: id.optional(),
  createdFrom: z.iso.datetime({ offset: true }).optional(),
  createdTo: z.iso.datetime({ offset: true }).optional(),
});
export type ApplicationSearch = z.infer<typeof applicationSearch>;

/** Staff register an application on a customer's behalf; platform staff name the merchant. */
export const applicationAdd = z.object({
  merchantId: id.nullish(),
  applicationType: z.enum(APPLICATION_TYPES, { message: 'validation.required' }),
  customerId: requiredText(64),
  deviceKind: z.enum(APPLICATION_DEVICE_KINDS, { message: 'validation.required' }),
  deviceNumbers,
  reason: requiredText(500),
});
export type ApplicationAdd = z.infer<typeof applicationAdd>;

/** One step; a replacement's completion names the devices given in exchange, one per device concerned. */
export const applicationHandle = z.object({
  id,
  toStatus: z.enum(APPLICATION_STATUSES, { message: 'validation.required' }),
  remark: safeText(500).optional(),
  exchangeNumbers: z.array(deviceNumber).max(APPLICATION_DEVICES_MAX, { message: 'validation.tooLong' }).optional(),
});
export type ApplicationHandle = z.infer<typeof applicationHandle>;

const SORTABLE = ['createdAt', 'updatedAt', 'applicationStatus', 'customerId'] as const;

export const applicationApi = {
  search: endpoint({
    method: 'POST',
    path: '/application/search',
    access: { code: 'application.list' },
    body: applicationSearch,
    answer: pageSchema(applicationRecord),
    sortable: SORTABLE,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/application/detail',
    access: { code: 'application.list' },
    query: idQuery,
    answer: applicationDetail,
  }),
  add: endpoint({
    method: 'POST',
    path: '/application/add',
    access: { code: 'application.list.add' },
    body: applicationAdd,
    answer: applicationRecord,
  }),
  handle: endpoint({
    method: 'POST',
    path: '/application/handle',
    access: { code: 'application.list.handle' },
    body: applicationHandle,
    answer: applicationRecord,
  }),
  export: endpoint({
    method: 'POST',
    path: '/application/export',
    access: { code: 'application.list.export' },
    body: applicationSearch,
    sortable: SORTABLE,
    answer: 'csv',
  }),
} as const;
