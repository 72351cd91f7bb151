import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint, noAnswer } from '../endpoint.js';
import { description, id, idQuery, nameField, requiredText, safeText } from '../validation.js';
import { isTimeZone } from '../format.js';

export const commonSettingRecord = z.object({
  id: z.number(),
  name: z.string(),
  value: z.string(),
  description: z.string(),
  remark: z.string(),
  updatedAt: z.string(),
});
export type CommonSettingRecord = z.infer<typeof commonSettingRecord>;
/** keyword matches name, value and description; name matches the name only. Null = unset. */
/** The columns the list sorts by. */
export const COMMON_SETTING_SORTABLE = ['id', 'name', 'updatedAt'] as const;
export const commonSettingSearch = pageQuerySchema.extend({ keyword: safeText(64).nullish(), name: safeText(64).nullish() });
export type CommonSettingSearch = z.infer<typeof commonSettingSearch>;
const commonSettingFields = z.object({
  name: nameField,
  value: requiredText(1000),
  description,
  remark: safeText(500).default(''),
});

/** A whole number from `min` to `max` written as text, the way a setting's value is kept. */
const wholeNumberText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: 'validation.integer' })
    .refine((value) => Number(value) >= min, { message: min === 1 ? 'validation.min1' : 'validation.invalid' })
    .refine((value) => Number(value) <= max, { message: 'validation.tooLarge' });

/** The common settings that name the SMTP server (docs/security.md, "Password recovery"). */
export const SMTP_SETTINGS = {
  host: 'smtp_host',
  port: 'smtp_port',
  secure: 'smtp_secure',
  user: 'smtp_user',
  from: 'mail_from',
} as const;

/**
 * The settings the product reads, with the values each accepts (docs/api.md, "Common settings").
 * Any other setting takes any text; these refuse a value they could not use, beside the value field,
 * instead of falling back to their default unseen.
 */
export const SETTING_VALUES: Readonly<Record<string, z.ZodType<string>>> = {
  tour_enabled: z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { message: 'validation.invalid' }),
  /** Days of telemetry history kept: one day to a hundred years. */
  telemetry_retention: wholeNumberText(1, 36_500),
  /** Minutes standing still that end a trip: one minute to a day. */
  trip_stop_minutes: wholeNumberText(1, 1_440),
  /** The zone the product counts its days in (the dashboard's today and its trends; docs/dashboard.md): an IANA zone. */
  time_zone: z
    .string()
    .trim()
    .refine((value) => isTimeZone(value), { message: 'validation.invalid' }),
  /** Minutes without a key press or a pointer move before the screen locks (docs/security.md, "Lock screen"); 0 never. */
  lock_idle_minutes: z
    .string()
    .trim()
    .regex(/^\d+$/, { message: 'validation.integer' })
    .refine((value) => Number(value) <= 1_440, {
      message: 'validation.tooLarge',
    }),
  /**
   * The SMTP server password recovery mails go through (docs/security.md, "Password recovery"):
   * host and port, TLS from the start (true) or STARTTLS when offered (false), the user it signs in
   * as (its password only in the configuration, SMTP_PASSWORD) and the sender's address. Without a
   * host (and without SMTP_URL) mails go to the outbox.
   */
  [SMTP_SETTINGS.host]: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(253, { message: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9.:[\]-]+$/, { message: 'validation.invalid' }),
  [SMTP_SETTINGS.port]: wholeNumberText(1, 65_535),
  [SMTP_SETTINGS.secure]: z.enum(['true', 'false'], { message: 'validation.invalid' }),
  [SMTP_SETTINGS.user]: z.string().trim().max(254, { message: 'validation.tooLong' }),
  [SMTP_SETTINGS.from]: z
    .string()
    .trim()
    .max(254, { message: 'validation.tooLong' })
    .regex(/^[^\s<>]+@[^\s<>]+$/, { message: 'validation.email' }),
};

function valueTheProductCanUse(setting: { name: string; value: string }, context: z.RefinementCtx): void {
  // Own keys only: a setting named `__proto__` or `toString` has no rule.
  const rule = Object.hasOwn(SETTING_VALUES, setting.name) ? SETTING_VALUES[setting.name] : undefined;
  const problem = rule?.safeParse(setting.value).error?.issues[0];
  if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem.message });
}

export const commonSettingAdd = commonSettingFields.superRefine(valueTheProductCanUse);
export type CommonSettingAdd = z.infer<typeof commonSettingAdd>;
export const commonSettingEdit = commonSettingFields.extend({ id: id }).superRefine(valueTheProductCanUse);
export type CommonSettingEdit = z.infer<typeof commonSettingEdit>;

/** Common settings: anyone granted the screen reads them, only platform staff change them. */
export const commonSettingApi = {
  search: endpoint({
    method: 'POST',
    path: '/admin/common-setting/search',
    access: { code: 'admin.commonSetting' },
    body: commonSettingSearch,
    sortable: COMMON_SETTING_SORTABLE,
    answer: pageSchema(commonSettingRecord),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/common-setting/detail',
    access: { code: 'admin.commonSetting' },
    query: idQuery,
    answer: commonSettingRecord,
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/common-setting/add',
    access: { code: 'admin.commonSetting.add', scope: 'platform' },
    body: commonSettingAdd,
    answer: commonSettingRecord,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/admin/common-setting/edit',
    access: { code: 'admin.commonSetting.edit', scope: 'platform' },
    body: commonSettingEdit,
    answer: commonSettingRecord,
  }),
  remove: endpoint({
    method: 'GET',
    path: '/admin/common-setting/remove',
    access: { code: 'admin.commonSetting.remove', scope: 'platform' },
    query: idQuery,
    answer: noAnswer,
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/common-setting/export',
    access: { code: 'admin.commonSetting.export' },
    body: commonSettingSearch,
    sortable: COMMON_SETTING_SORTABLE,
    answer: 'csv',
  }),
} as const;

/** The seeded setting that switches the first-visit tour on or off (read by GET /api/auth/config). */
export const TOUR_ENABLED_SETTING = 'tour_enabled';
/** The seeded setting holding the days of telemetry history kept (trajectories, charts); older history is purged. */
export const TELEMETRY_RETENTION_SETTING = 'telemetry_retention';
/** The seeded setting naming the zone the product counts its days in (docs/dashboard.md, "What each figure counts"). */
export const TIME_ZONE_SETTING = 'time_zone';
/** The seeded setting holding the minutes of inactivity that lock the screen (0: never). */
export const LOCK_IDLE_SETTING = 'lock_idle_minutes';
