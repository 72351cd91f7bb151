import { endpointsOf } from './endpoint.js';
import { commandApi } from './domains/command.js';
import { fileApi } from './domains/file.js';
import { merchantApi } from './domains/merchant.js';
import { stockApi } from './domains/stock.js';
import { appointmentApi, swapApi } from './domains/swap.js';

/**
 * Every declared endpoint, grouped by resource. The server refuses to start when one of them has
 * no handler or a handler serves an endpoint missing here.
 */
export const API = {
  merchant: merchantApi,
  vehicleStock: stockApi.vehicle,
  batteryStock: stockApi.battery,
  cabinetStock: stockApi.cabinet,
  swap: swapApi,
  appointment: appointmentApi,
  command: commandApi,
  file: fileApi,
} as const;

export const ALL_ENDPOINTS = endpointsOf(API);
