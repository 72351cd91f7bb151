import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { registerMenuRoutes } from './menu/menu.routes.js';
import { registerResourceRoutes } from './menu/resource.routes.js';
import { registerCommonSettingRoutes } from './common-setting/index.js';
import { registerCurrencyRoutes } from './currency/currency.routes.js';
import { registerAuditLogRoutes } from './audit-log/audit-log.routes.js';
import { registerAccountRoutes } from './account/account.routes.js';
import { registerRoleRoutes } from './role/role.routes.js';
import { registerMerchantRoutes } from './merchant/merchant.routes.js';
import { registerFileRoutes } from './file/file.routes.js';
import { registerDeviceTypeRoutes } from './device-type/device-type.routes.js';
import { registerBatteryRoutes } from './battery/index.js';
import { registerVehicleRoutes } from './vehicle/index.js';
import { readCompartmentHoldsFrom, registerCabinetRoutes } from './cabinet/index.js';
import { registerStockRoutes } from './stock/index.js';
import { registerCommandRoutes, type CommandOptions } from './command/index.js';
import { heldCompartments, registerSwapRoutes, seedDemoSwaps } from './swap/index.js';
import { registerLiveRoutes } from './live/index.js';
import { registerTelemetryRoutes, seedDemoTelemetry } from './telemetry/index.js';
import { registerDeviceCredentialRoutes } from './device-credential/index.js';
import { registerNotificationRoutes, seedDemoNotifications } from './notification/index.js';

/** What the demo seed knows when it calls a module's demo rows. */
export interface DemoContext {
  /** The demo merchants' ids by name. */
  merchantIds: Record<string, number>;
  /** Whether the demo has devices (off for a database that wants accounts only). */
  withDevices: boolean;
}

/** One server module as the server starts it (docs/adding-a-resource.md, "Server"). */
interface ServerModule {
  /** Registers the module's /api/oms routes. */
  routes: (app: FastifyInstance, options: CommandOptions) => void;
  /** Adds the module's demo rows when demo data is on (once: it checks for its own rows first). */
  demo?: (db: Db, demo: DemoContext) => Promise<void>;
}

/**
 * Every module, registered here once: its routes, and its demo rows in this order (devices before
 * the swaps and telemetry that name them).
 */
const MODULES: ServerModule[] = [
  { routes: registerMenuRoutes },
  { routes: registerResourceRoutes },
  { routes: registerCommonSettingRoutes },
  { routes: registerCurrencyRoutes },
  { routes: registerAuditLogRoutes },
  { routes: registerAccountRoutes },
  { routes: registerRoleRoutes },
  { routes: registerMerchantRoutes },
  { routes: registerFileRoutes },
  { routes: registerDeviceTypeRoutes },
  { routes: registerBatteryRoutes },
  { routes: registerVehicleRoutes },
  { routes: registerCabinetRoutes },
  { routes: registerStockRoutes },
  { routes: registerCommandRoutes },
  { routes: registerSwapRoutes, demo: (db, demo) => (demo.withDevices ? seedDemoSwaps(db) : Promise.resolve()) },
  { routes: registerLiveRoutes },
  { routes: registerTelemetryRoutes, demo: (db, demo) => (demo.withDevices ? seedDemoTelemetry(db) : Promise.resolve()) },
  { routes: registerDeviceCredentialRoutes },
  { routes: registerNotificationRoutes, demo: (db, demo) => seedDemoNotifications(db, demo.merchantIds) },
];

// A cabinet's detail shows the compartments a live reservation holds (the swap module knows them).
readCompartmentHoldsFrom(heldCompartments);

/** Every module's /api/oms routes. */
export function registerModules(app: FastifyInstance, options: CommandOptions): void {
  for (const module of MODULES) module.routes(app, options);
}

/** Every module's demo rows, in the registry's order. */
export async function seedModuleDemos(db: Db, demo: DemoContext): Promise<void> {
  for (const module of MODULES) await module.demo?.(db, demo);
}
