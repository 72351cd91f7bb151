import { pricingApi } from '@swap/contracts';
import { useEndpointQuery } from './api/endpoints';
import type { SearchOption } from './table';

/**
 * The cities a price can be set in, "City · Province": one call (and one cached answer) for every
 * price screen, whichever of their menus the account holds (docs/operation-centre.md): vehicle and
 * product prices (feature pricing), battery, consumer and package prices and top-up offers
 * (feature price-setting), and the city a vehicle or battery order is priced in (feature device-order).
 */
export function useCityOptions(): SearchOption[] {
  const cities = useEndpointQuery(pricingApi.cities, undefined, { staleTime: 60_000 });
  return (cities.data ?? []).map((city) => ({ value: city.id, label: city.province ? `${city.name} · ${city.province}` : city.name }));
}
