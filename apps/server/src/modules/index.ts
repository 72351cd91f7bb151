import type { FastifyInstance } from 'fastify';
import { registerMenuRoutes } from './menu/menu.routes.js';
import { registerResourceRoutes } from './menu/resource.routes.js';
import { registerCommonSettingRoutes } from './common-setting/index.js';
import { registerCurrencyRoutes } from './currency/currency.routes.js';
import { registerAuditLogRoutes } from './audit-log/audit-log.routes.js';
import { registerAccountRoutes } from './account/account.routes.js';
import { registerRoleRoutes } from './role/role.routes.js';
import { registerMerchantRoutes } from './merchant/merchant.routes.js';
import { registerFileRoutes } from './file/file.routes.js';
import { registerDeviceTypeRoutes } from './device-type/index.js';
import { registerBatteryRoutes } from './battery/index.js';
import { registerVehicleRoutes } from './vehicle/index.js';
import { registerCabinetRoutes } from './cabinet/index.js';
import { registerStockRoutes } from './stock/index.js';
import { registerCommandRoutes, type CommandOptions } from './command/index.js';
import { registerSwapRoutes } from './swap/index.js';
import { registerLiveRoutes } from './live/index.js';
import { registerTelemetryRoutes } from './telemetry/index.js';
import { registerDeviceCredentialRoutes } from './device-credential/index.js';
import { registerNotificationRoutes } from './notification/index.js';

/** Every module's /api/oms routes; each module registers its own. */
export function registerModules(app: FastifyInstance, options: CommandOptions): void {
  registerMenuRoutes(app);
  registerResourceRoutes(app);
  registerCommonSettingRoutes(app);
  registerCurrencyRoutes(app);
  registerAuditLogRoutes(app);
  registerAccountRoutes(app);
  registerRoleRoutes(app);
  registerMerchantRoutes(app);
  registerFileRoutes(app);
  registerDeviceTypeRoutes(app);
  registerBatteryRoutes(app);
  registerVehicleRoutes(app);
  registerCabinetRoutes(app);
  registerStockRoutes(app);
  registerCommandRoutes(app, options);
  registerSwapRoutes(app);
  registerLiveRoutes(app);
  registerTelemetryRoutes(app);
  registerDeviceCredentialRoutes(app);
  registerNotificationRoutes(app);
}
