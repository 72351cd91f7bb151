import { endpointsOf } from './endpoint.js';
import { merchantApi } from './domains/merchant.js';

/**
 * Every declared endpoint, grouped by resource. The server refuses to start when one of them has
 * no handler or a handler serves an endpoint missing here.
 */
export const API = {
  merchant: merchantApi,
} as const;

export const ALL_ENDPOINTS = endpointsOf(API);
