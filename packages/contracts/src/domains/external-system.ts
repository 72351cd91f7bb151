import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint, resourceEndpoints } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { DEVICE_BATCH_MAX, cleanString, id, idQuery, requiredText, safeText, shortMessage } from '../validation.js';
import { DEVICE_KINDS } from './device-type.js';

/**
 * External systems: partner systems that receive the events of the devices they may see as signed
 * webhooks (Operation centre → Distribution → External systems; docs/operation-centre.md,
 * "External systems").
 */

/** What a webhook tells: a swap, a cabinet's state, an alarm raised or cleared, or a test sent by staff. */
export const WEBHOOK_EVENT_TYPES = ['swap', 'cabinet.state', 'device.alarm', 'test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** PENDING: waiting for its next attempt; DELIVERED: answered 2xx; FAILED: every attempt refused; CANCELLED: the system was disabled or removed first. */
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'CANCELLED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The headers a receiver checks (docs/operation-centre.md, "External systems"). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-swap-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-swap-timestamp';
export const WEBHOOK_EVENT_HEADER = 'x-swap-event';
export const WEBHOOK_DELIVERY_HEADER = 'x-swap-delivery';

/** Labels of the fields external systems brought to the product (see FIELD_LABELS). */
export const externalSystemFieldLabels = {
  enabled: { en: 'Enabled', in: 'Aktif', th: 'เปิดใช้งาน', zh: '启用' },
  deviceCount: { en: 'Devices', in: 'Perangkat', th: 'อุปกรณ์', zh: '设备数' },
  cabinets: { en: 'Cabinets', in: 'Kabinet', th: 'ตู้', zh: '换电柜' },
  batteries: { en: 'Batteries', in: 'Baterai', th: 'แบตเตอรี่', zh: '电池' },
  vehicles: { en: 'Vehicles', in: 'Kendaraan', th: 'ยานพาหนะ', zh: '车辆' },
  systemName: { en: 'External system', in: 'Sistem eksternal', th: 'ระบบภายนอก', zh: '外部系统' },
  eventType: { en: 'Event', in: 'Peristiwa', th: 'เหตุการณ์', zh: '事件' },
  deviceKind: { en: 'Device kind', in: 'Jenis perangkat', th: 'ชนิดอุปกรณ์', zh: '设备种类' },
  deviceNumber: { en: 'Device number', in: 'Nomor perangkat', th: 'หมายเลขอุปกรณ์', zh: '设备编号' },
  attempts: { en: 'Attempts', in: 'Percobaan', th: 'จำนวนครั้งที่ส่ง', zh: '尝试次数' },
  lastStatusCode: { en: 'Last HTTP status', in: 'Status HTTP terakhir', th: 'สถานะ HTTP ล่าสุด', zh: '最近 HTTP 状态' },
  lastAnswer: { en: 'Last answer', in: 'Jawaban terakhir', th: 'คำตอบล่าสุด', zh: '最近响应' },
  lastAttemptAt: { en: 'Last attempt', in: 'Percobaan terakhir', th: 'ส่งครั้งล่าสุด', zh: '最近尝试' },
  nextAttemptAt: { en: 'Next attempt', in: 'Percobaan berikutnya', th: 'ส่งครั้งถัดไป', zh: '下次尝试' },
  deliveredAt: { en: 'Delivered', in: 'Terkirim', th: 'ส่งสำเร็จเมื่อ', zh: '送达时间' },
} satisfies FieldLabels;

/** A partner system; its signing key is never answered again after its creation. */
export const externalSystemRecord = z.object({
  id: z.number(),
  merchantId: z.number(),
  merchantName: z.string().nullable(),
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  deviceCount: z.number(),
  createdAt: z.string(),
});
export type ExternalSystemRecord = z.infer<typeof externalSystemRecord>;

/** The answer of a registration: the record and its signing key, shown this once. */
export const externalSystemCreated = externalSystemRecord.extend({ signingKey: z.string() });
export type ExternalSystemCreated = z.infer<typeof externalSystemCreated>;

export const externalSystemSearch = pageQuerySchema.extend({
  name: safeText(100).optional(),
  enabled: z.boolean().optional(),
  merchantId: id.optional(),
});
export type ExternalSystemSearch = z.infer<typeof externalSystemSearch>;

/** The endpoint: an http or https address (the server also refuses private hosts, docs/operation-centre.md). */
export const webhookUrl = requiredText(2000);

export const externalSystemAdd = z.object({
  name: shortMessage,
  url: webhookUrl,
  enabled: z.boolean().default(true),
  /** The agent it belongs to: platform staff must choose one; merchant staff register their own. */
  merchantId: id.nullish(),
});
export type ExternalSystemAdd = z.infer<typeof externalSystemAdd>;
export const externalSystemEdit = z.object({ id, name: shortMessage, url: webhookUrl, enabled: z.boolean() });
export type ExternalSystemEdit = z.infer<typeof externalSystemEdit>;

const numbersOf = z.array(cleanString().trim().min(1).max(64)).max(DEVICE_BATCH_MAX, { message: 'validation.batchMax' }).default([]);

/** The devices a system may see, by number and kind; each must be its merchant's. */
export const externalSystemDevices = z.object({
  id,
  cabinets: numbersOf,
  batteries: numbersOf,
  vehicles: numbersOf,
});
export type ExternalSystemDevices = z.infer<typeof externalSystemDevices>;
export const externalSystemDeviceList = z.object({
  id: z.number(),
  cabinets: z.array(z.string()),
  batteries: z.array(z.string()),
  vehicles: z.array(z.string()),
});
export type ExternalSystemDeviceList = z.infer<typeof externalSystemDeviceList>;

/** One event for one system, with what its last attempt was answered. */
export const webhookDeliveryRecord = z.object({
  id: z.number(),
  systemId: z.number(),
  systemName: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  deviceKind: z.enum(DEVICE_KINDS).nullable(),
  deviceNumber: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastAnswer: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDeliveryRecord = z.infer<typeof webhookDeliveryRecord>;

/** One try: when, the HTTP status (null when no answer came), the answer's first characters or the error. */
export const webhookAttemptRecord = z.object({
  attempt: z.number(),
  at: z.string(),
  statusCode: z.number().nullable(),
  answer: z.string(),
  error: z.string().nullable(),
  durationMs: z.number(),
});
export type WebhookAttemptRecord = z.infer<typeof webhookAttemptRecord>;

/** deviceNumber: a prefix. */
export const webhookDeliverySearch = pageQuerySchema.extend({
  systemId: id.optional(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES).optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  deviceNumber: safeText(64).optional(),
  createdFrom: z.iso.datetime({ offset: true }).optional(),
  createdTo: z.iso.datetime({ offset: true }).optional(),
});
export type WebhookDeliverySearch = z.infer<typeof webhookDeliverySearch>;

const CODE = 'allocation.externalSystem';
const DELIVERY_SORTABLE = ['createdAt', 'status', 'attempts'] as const;

/** Operation centre → Distribution → External systems. */
export const externalSystemApi = {
  ...resourceEndpoints({
    path: '/distribution/external-system',
    code: CODE,
    record: externalSystemRecord,
    search: externalSystemSearch,
    add: externalSystemAdd,
    edit: externalSystemEdit,
    sortable: ['name', 'createdAt'],
  }),
  /** The registration answers the signing key, the only time it is shown. */
  add: endpoint({
    method: 'POST',
    path: '/distribution/external-system/add',
    access: { code: `${CODE}.add` },
    body: externalSystemAdd,
    answer: externalSystemCreated,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/distribution/external-system/detail',
    access: { code: CODE },
    query: idQuery,
    answer: externalSystemRecord,
  }),
  devices: endpoint({
    method: 'GET',
    path: '/distribution/external-system/devices',
    access: { code: CODE },
    query: idQuery,
    answer: externalSystemDeviceList,
  }),
  setDevices: endpoint({
    method: 'POST',
    path: '/distribution/external-system/devices',
    access: { code: `${CODE}.edit` },
    body: externalSystemDevices,
    answer: externalSystemDeviceList,
  }),
  sendTest: endpoint({
    method: 'POST',
    path: '/distribution/external-system/test',
    access: { code: `${CODE}.edit` },
    body: z.object({ id }),
    answer: webhookDeliveryRecord,
  }),
  deliveries: endpoint({
    method: 'POST',
    path: '/distribution/external-system/delivery/search',
    access: { code: CODE },
    body: webhookDeliverySearch,
    answer: pageSchema(webhookDeliveryRecord),
    sortable: DELIVERY_SORTABLE,
  }),
  attempts: endpoint({
    method: 'GET',
    path: '/distribution/external-system/delivery/attempts',
    access: { code: CODE },
    query: idQuery,
    answer: z.array(webhookAttemptRecord),
  }),
  exportDeliveries: endpoint({
    method: 'POST',
    path: '/distribution/external-system/delivery/export',
    access: { code: `${CODE}.export` },
    body: webhookDeliverySearch,
    sortable: DELIVERY_SORTABLE,
    answer: 'csv',
  }),
} as const;
