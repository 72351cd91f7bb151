import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { resourceEndpoints } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { id, longMessage, safeText, shortMessage } from '../validation.js';

/**
 * The markets a notification can be addressed to (ISO 3166-1 alpha-2). Screens name them with
 * Intl.DisplayNames in the reader's language, so no country name needs a translation.
 */
export const COUNTRY_CODES = ['ID', 'TH', 'CN', 'MY', 'PH', 'VN', 'SG', 'KH', 'LA', 'MM'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Labels of the fields notifications brought to the product (see FIELD_LABELS). */
export const notificationFieldLabels = {
  title: { en: 'Title', in: 'Judul', th: 'หัวข้อ', zh: '标题' },
  countryCode: { en: 'Country', in: 'Negara', th: 'ประเทศ', zh: '国家' },
} satisfies FieldLabels;

export const notificationRecord = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  countryCode: z.enum(COUNTRY_CODES),
  /** The merchant that wrote it; none for the platform's own notifications. */
  merchantId: z.number().nullable(),
  createdAt: z.string(),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;

/** title matches part of the title; createdFrom/createdTo bound the created date (ISO, inclusive). */
export const notificationSearch = pageQuerySchema.extend({
  title: safeText(100).optional(),
  countryCode: z.enum(COUNTRY_CODES).optional(),
  createdFrom: z.iso.datetime({ offset: true }).optional(),
  createdTo: z.iso.datetime({ offset: true }).optional(),
});
export type NotificationSearch = z.infer<typeof notificationSearch>;

export const notificationAdd = z.object({
  title: shortMessage,
  description: longMessage,
  countryCode: z.enum(COUNTRY_CODES, { message: 'validation.required' }),
});
export type NotificationAdd = z.infer<typeof notificationAdd>;
export const notificationEdit = notificationAdd.extend({ id });
export type NotificationEdit = z.infer<typeof notificationEdit>;

/** Operation centre → Notifications: each tenant writes its own; platform staff see every tenant's. */
export const notificationApi = resourceEndpoints({
  path: '/message/notification',
  code: 'message.updateMessage',
  record: notificationRecord,
  search: notificationSearch,
  add: notificationAdd,
  edit: notificationEdit,
  sortable: ['title', 'countryCode', 'createdAt'],
});
