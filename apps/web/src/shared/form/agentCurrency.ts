import { currencyApi, LOCALES, type Currency, type Language } from '@swap/contracts';
import { useEndpointQuery } from '../api/endpoints';
import { useCurrency } from '../money';
import { isPlatformUser } from '../session';

// The money inputs' currency, apart from shared/money.tsx and shared/format.ts, which every page
// loads: only the form, loaded when it first opens, needs it (docs/web-kits.md, "Forms").

/**
 * The currency of the agent a form acts for (docs/web-kits.md, "Forms"): a merchant's staff act
 * for their own merchant, in their own currency; platform staff in the currency of the agent they
 * chose (`agentId`), unknown (null) until they chose one. `undefined` means the form names no
 * agent: the account's own currency.
 */
export function useAgentCurrency(agentId: number | null | undefined): Currency | null {
  const own = useCurrency();
  const chosen = isPlatformUser() && agentId !== undefined ? agentId : undefined;
  const query = useEndpointQuery(
    currencyApi.detail,
    { merchantId: chosen ?? undefined },
    { enabled: typeof chosen === 'number', staleTime: 60_000 },
  );
  if (chosen === undefined) return own;
  return chosen === null ? null : (query.data?.currency ?? null);
}

/** A currency's sign the language's way, as a money input shows it: "Rp", "฿", "$". */
export function currencySymbol(currency: string, language: Language): string {
  const parts = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}
