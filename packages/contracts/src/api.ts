import { endpointsOf } from './endpoint.js';
import { accountApi } from './domains/account.js';
import { auditLogApi } from './domains/audit-log.js';
import { menuApi, resourceApi } from './domains/menu.js';
import { merchantApi } from './domains/merchant.js';
import { roleApi } from './domains/role.js';
import { commonSettingApi, currencyApi } from './domains/settings.js';

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
} as const;

export const ALL_ENDPOINTS = endpointsOf(API);
