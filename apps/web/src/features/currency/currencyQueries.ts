import { useMutation } from '@tanstack/react-query';
import { currencyApi, type Currency } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';

/** Saves the tenant's currency (POST currency/edit); the page then refreshes every amount label. */
export function useSaveCurrency() {
  return useMutation({ mutationFn: (body: { currency: Currency }) => request(currencyApi.edit, body) });
}
