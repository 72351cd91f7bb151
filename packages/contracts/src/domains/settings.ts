import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint, noAnswer } from '../endpoint.js';
import { description, id, idParam, idQuery, nameField, requiredText, safeText } from '../validation.js';

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
export const commonSettingAdd = z.object({
  name: nameField,
  value: requiredText(1000),
  description,
  remark: safeText(500).default(''),
});
export type CommonSettingAdd = z.infer<typeof commonSettingAdd>;
export const commonSettingEdit = commonSettingAdd.extend({ id: id });
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

/** The currencies and their decimals (IDR and VND none, the others two). */
export const CURRENCIES = ['IDR', 'KES', 'THB', 'MYR', 'VND', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_DECIMALS: Record<Currency, number> = { IDR: 0, KES: 2, THB: 2, MYR: 2, VND: 0, USD: 2 };

export const currencyConfig = z.object({
  currency: z.enum(CURRENCIES),
  merchantId: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type CurrencyConfig = z.infer<typeof currencyConfig>;
export const currencyEdit = z.object({
  currency: z.enum(CURRENCIES),
  /** A platform admin may set a merchant's currency; omitted = the caller's own tenant. */
  merchantId: id.nullable().optional(),
});
export type CurrencyEdit = z.infer<typeof currencyEdit>;

/** Currency detail: a platform caller may name a merchant; merchant accounts always get their own. */
export const currencyDetailQuery = z.object({ merchantId: idParam.optional() });

/** The currency of a tenant (platform or merchant). */
export const currencyApi = {
  /** Every signed-in account reads its currency: the sidebar and every amount label need it. */
  detail: endpoint({
    method: 'GET',
    path: '/currency/config/detail',
    access: { code: '' },
    query: currencyDetailQuery,
    answer: currencyConfig,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/currency/config/edit',
    access: { code: 'system.international.currency.edit' },
    body: currencyEdit,
    answer: currencyConfig,
  }),
} as const;

/** "IDR 15000", "THB 12.50": currency followed by the number with that currency's decimals. */
export function formatMoney(amount: number, currency: Currency): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const text = amount.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${currency} ${text}`;
}
