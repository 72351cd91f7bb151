import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_DECIMALS, isLanguage, type Currency } from '@swap/contracts';
import { formatAmount } from './format';

/** An exact amount (decimal text) in its own currency (a row's, not the reader's), the reader's language's way. */
export function useAmount(): (amount: string, currency: Currency) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : undefined;
  return useCallback((amount, currency) => formatAmount(amount, currency, CURRENCY_DECIMALS[currency], language), [language]);
}
