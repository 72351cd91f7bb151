import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/**
 * What every price screen shares (Operation centre → Pricing: vehicle and product prices, battery,
 * consumer and package prices, top-up offers): the cities a price can be set in, one call for all
 * (docs/operation-centre.md). Its own module, so a screen asking for the cities loads no price's
 * schemas.
 */

/** A city a price can be set in: an area of type city. */
export const priceCityOption = z.object({ id: z.number(), name: z.string(), province: z.string() });
export type PriceCityOption = z.infer<typeof priceCityOption>;

/** The menus of the price screens (Operation centre → Pricing) that offer cities, vehicle prices first. */
export const PRICE_SCREEN_CODES = [
  'price.vehicle',
  'price.product',
  'price.battery',
  'price.consumer',
  'price.package',
  'price.rechargeSetting',
] as const;

/** Who places a vehicle or battery order: the order is priced in a city they choose. */
export const CITY_CHOOSING_ORDER_CODES = ['order.vehicle.add', 'order.battery.add'] as const;

/** What every price screen shares. */
export const pricingApi = {
  /**
   * The cities a price can be set in, for the form and the filter of every price screen (vehicle,
   * product, battery, consumer and package prices and top-up offers) and for the city a vehicle or
   * battery order is priced in: one call.
   */
  cities: endpoint({
    method: 'GET',
    path: '/basic-pricing/cities',
    access: { code: 'price.vehicle', orCodes: [...PRICE_SCREEN_CODES.slice(1), ...CITY_CHOOSING_ORDER_CODES] },
    answer: z.array(priceCityOption),
    summary: 'Every city (an area of type city), by province and name',
  }),
} as const;
