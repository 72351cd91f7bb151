import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { formatMoney, type Currency } from '@swap/contracts';

const CurrencyContext = createContext<Currency | null>(null);

export function CurrencyProvider({ currency, children }: { currency: Currency | null; children: ReactNode }) {
  return <CurrencyContext.Provider value={currency}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): Currency | null {
  return useContext(CurrencyContext);
}

/**
 * Formats an amount as "IDR 15,000" / "THB 12.50" with the configured currency.
 * Until the currency is known the bare number is shown, never a guessed code.
 */
export function useMoney(): (amount: number | null | undefined) => string {
  const currency = useContext(CurrencyContext);
  return useCallback(
    (amount) => {
      if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
      return currency ? formatMoney(amount, currency) : amount.toLocaleString('en-US');
    },
    [currency],
  );
}
