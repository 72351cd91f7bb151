import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DECIMALS, isLanguage, type Currency } from '@swap/contracts';
import { formatAmount, formatNumber } from './format';

const CurrencyContext = createContext<Currency | null>(null);

export function CurrencyProvider({ currency, children }: { currency: Currency | null; children: ReactNode }) {
  return <CurrencyContext.Provider value={currency}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): Currency | null {
  return useContext(CurrencyContext);
}

/**
 * Formats an amount in the configured currency the user's language's way ("Rp 1.234.568" in
 * Bahasa, "IDR 1,234,568" in English). Until the currency is known the bare number is shown,
 * never a guessed currency.
 */
export function useMoney(): (amount: string | number | null | undefined) => string {
  const currency = useContext(CurrencyContext);
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : undefined;
  return useCallback(
    (amount) => {
      if (amount === null || amount === undefined || amount === '' || Number.isNaN(Number(amount))) return '';
      return currency ? formatAmount(amount, currency, CURRENCY_DECIMALS[currency], language) : formatNumber(amount, language);
    },
    [currency, language],
  );
}
