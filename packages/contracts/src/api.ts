import { endpointsOf } from './endpoint.js';
import { accountApi } from './domains/account.js';
import { auditLogApi } from './domains/audit-log.js';
import { commandApi } from './domains/command.js';
import { fileApi } from './domains/file.js';
import { menuApi, resourceApi } from './domains/menu.js';
import { merchantApi } from './domains/merchant.js';
import { roleApi } from './domains/role.js';
import { commonSettingApi, currencyApi } from './domains/settings.js';
import { stockApi } from './domains/stock.js';
import { appointmentApi, swapApi } from './domains/swap.js';

/**
 * Every declared endpoint, grouped by resource. The server refuses to start when one of them has
 * no handler or a handler serves an endpoint missing here.
 */
export const API = {
  merchant: merchantApi,
  account: accountApi,
  role: roleApi,
  currency: currencyApi,
  commonSetting: commonSettingApi,
  auditLog: auditLogApi,
  menu: menuApi,
  resource: resourceApi,
  vehicleStock: stockApi.vehicle,
  batteryStock: stockApi.battery,
  cabinetStock: stockApi.cabinet,
  swap: swapApi,
  appointment: appointmentApi,
  command: commandApi,
  file: fileApi,
} as const;

export const ALL_ENDPOINTS = endpointsOf(API);
