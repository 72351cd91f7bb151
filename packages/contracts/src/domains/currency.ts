import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, idParam } from '../validation.js';

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

/**
 * "IDR 15,000", "THB 12.50": currency followed by the number with that currency's decimals. An
 * amount from the API is a decimal string ("15000.50"), formatted exactly, never through a float.
 */
export function formatMoney(amount: string | number, currency: Currency): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${currency} ${format.format(amount as Intl.StringNumericLiteral)}`;
}
