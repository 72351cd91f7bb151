import type { FastifyInstance } from 'fastify';
import { TIME_ZONE_SETTING } from '@swap/contracts';
import type { Db } from '../db/client.js';
import type { DemoContext } from '../db/demo.js';
import { registerMenuRoutes } from './menu/menu.routes.js';
import { registerResourceRoutes } from './menu/resource.routes.js';
import { syncMenuTree, tellMenuGrantees } from './menu/index.js';
import { registerCommonSettingRoutes, watchSetting } from './common-setting/index.js';
import { seedDefaultSettings } from './common-setting/common-setting.seed.js';
import { registerCurrencyRoutes } from './currency/currency.routes.js';
import { seedDemoCurrency, seedPlatformCurrency } from './currency/currency.seed.js';
import { registerAuditLogRoutes } from './audit-log/audit-log.routes.js';
import { registerMailRoutes, seedDemoMail } from './mail/index.js';
import { seedDemoAuditLog } from './audit-log/index.js';
import { nameTenantsWith } from './audit-log/audit-log.service.js';
import { registerAccountRoutes } from './account/account.routes.js';
import { demoAdminExists, seedDemoAccounts } from './account/account.seed.js';
import {
  accountCountOfMerchant,
  assertMayChangeRole,
  endSessionsWith,
  holderCountOfRole,
  merchantHasAccounts,
  roleHasHolders,
  tellWaitingApplications,
} from './account/index.js';
import {
  registerSsoRefusalRoutes,
  revokeAccountSessions,
  seedDemoSsoRefusals,
  tellSignUpApplicants,
  type ThrottlePolicy,
} from './session/index.js';
import { registerRoleRoutes } from './role/role.routes.js';
import { seedDemoRoles } from './role/role.seed.js';
import { removeRolesOfMerchant, revokeMenuGrants, revokeResourceGrants, tellRoleHolders } from './role/index.js';
import { registerMerchantRoutes } from './merchant/merchant.routes.js';
import { seedDemoMerchants } from './merchant/merchant.seed.js';
import { removeRolesWith, tellMerchantPrices } from './merchant/merchant.service.js';
import { tellMerchantAccounts } from './merchant/merchant.accounts.js';
import { merchantDocumentIds, merchantJoin } from './merchant/index.js';
import { registerFileRoutes } from './file/file.routes.js';
import { readMerchantDocumentsFrom } from './file/index.js';
import { registerDeviceTypeRoutes } from './device-type/device-type.routes.js';
import { seedDemoTypes } from './device-type/device-type.seed.js';
import { tellTypeUsers } from './device-type/index.js';
import { lockStockCountersWith, tellStationsInArea } from './device-registry/index.js';
import {
  batteriesHeldBy,
  batteriesOfTypeExist,
  registerBatteryRoutes,
  tellBatteryHolders,
  tellBatteryVehicles,
  visibleBattery,
} from './battery/index.js';
import { seedDemoBatteries } from './battery/battery.seed.js';
import {
  dropBatteriesFromVehicles,
  registerVehicleRoutes,
  typeHasVehicleWithTwoBatteries,
  vehicleJoin,
  vehiclesOfTypeExist,
  visibleVehicle,
} from './vehicle/index.js';
import { seedDemoVehicles } from './vehicle/vehicle.seed.js';
import {
  cabinetsOfTypeExist,
  placeCabinetsWith,
  readCompartmentHoldsFrom,
  registerCabinetRoutes,
  visibleCabinet,
} from './cabinet/index.js';
import { registerDeviceLogRoutes } from './device-log/device-log.routes.js';
import { seedDemoDeviceLogs } from './device-log/device-log.seed.js';
import { tellDeviceLogDevices } from './device-log/index.js';
import { seedDemoCabinets } from './cabinet/cabinet.seed.js';
import { lockStockCounters, registerStockRoutes, removeStockCountsOfType, typeHasStockHistory } from './stock/index.js';
import { seedDemoStock } from './stock/stock.seed.js';
import { registerCommandRoutes, type CommandOptions } from './command/index.js';
import { registerFirmwareRoutes } from './firmware/firmware.routes.js';
import { seedDemoFirmware } from './firmware/firmware.seed.js';
import {
  backfillCustomerReferences,
  heldCompartments,
  readSwapOrdersFrom,
  registerSwapRoutes,
  seedDemoSwaps,
  swapFigureFacts,
} from './swap/index.js';
import {
  energyFigureFacts,
  kwhOrderPayable,
  orderOfSwap,
  registerSwapOrderRoutes,
  seedDemoSwapOrders,
  swapOrdersNameCity,
  transferOrderPayable,
} from './swap-order/index.js';
import { registerLiveRoutes } from './live/index.js';
import { registerDashboardRoutes } from './dashboard/dashboard.routes.js';
import { rebuildFigures, recountDays } from './dashboard/index.js';
import type { Listen } from './dashboard/dashboard.live.js';
import { registerTelemetryRoutes, seedDemoTelemetry } from './telemetry/index.js';
import { registerAlarmRoutes, seedAlarmLevels, seedDemoAlarms, tellAlarmStationOwners } from './alarm/index.js';
import { registerDeviceCredentialRoutes, seedDemoDeviceCredentials } from './device-credential/index.js';
import { registerNotificationRoutes, seedDemoNotifications } from './notification/index.js';
import { applicantOf, registerSignUpRoutes, seedDemoMerchantApplications } from './sign-up/index.js';
import { productsName, registerProductPackageRoutes, seedDemoProductPackages, tellProductOrders } from './product-package/index.js';
import { priceSettingsName, registerPriceSettingRoutes, seedDemoPriceSettings } from './price-setting/index.js';
import { registerAreaRoutes, seedDemoAreas, tellCityPrices } from './area/index.js';
import { basePricesName, registerPriceRoutes, seedDemoBasePrices } from './price/index.js';
import { registerApplicationRoutes, seedDemoApplications } from './application/index.js';
import { customerFigureFacts, customerJoin, readHeldBatteriesFrom, registerCustomerRoutes, seedDemoCustomers } from './customer/index.js';
import { registerTopUpRoutes, seedDemoTopUps } from './top-up/index.js';
import {
  ordersNameProduct,
  productOrderPayable,
  registerProductOrderRoutes,
  runningOrderOfVehicle,
  seedDemoProductOrders,
} from './product-order/index.js';
import {
  batteryOrderPayable,
  deviceOrdersNameCity,
  saleFigureFacts,
  registerDeviceOrderRoutes,
  seedDemoDeviceOrders,
  tellDeviceOrderProductOrders,
  vehicleOrderPayable,
} from './device-order/index.js';
import { registerPayableKind, registerPaymentRoutes } from './payment/index.js';
import { packageOrderPayable, rechargeOrderPayable, registerWalletOrderRoutes, seedDemoWalletOrders } from './wallet-order/index.js';
import { cabinetStationFields, registerStationRoutes, seedDemoStations, stationOwners, stationsInArea } from './station/index.js';
import { registerDistributionRoutes, seedDemoDistribution } from './distribution/index.js';
import { registerExternalSystemRoutes, seedDemoExternalSystems } from './external-system/index.js';
import type { FirmwareConfig, MailConfig, PaymentConfig, WebhookConfig } from '../app/config.js';
import type { JobHandlers } from './job/index.js';

/** What the server's modules are started with: the command timeout, the webhook and payment gateway settings, the database (for public calls). */
export interface ModuleOptions extends CommandOptions {
  webhooks: WebhookConfig;
  /** The job queue's handlers: a module adds those of its queues (docs/firmware.md, "Job queue"). */
  jobs: JobHandlers;
  payments: PaymentConfig;
  db: Db;
  firmware: FirmwareConfig;
  /** Hears the database's notices (the dashboard's live figures, from every server). */
  listen?: Listen;
  /** The sign-in throttle's policy, which the public sign-up calls follow too. */
  throttle: ThrottlePolicy;
  /** Mails from the server (the applicants' review mails): the SMTP server and the web's address. */
  mail: MailConfig;
  /** The single sign-on provider's issuer, which administrators link identities of (docs/security.md). */
  ssoIssuer?: string;
}

/** One server module as the server starts it (docs/adding-a-resource.md, "Server"). */
interface ServerModule {
  /** Registers the module's /api/oms routes. */
  routes: (app: FastifyInstance, options: ModuleOptions) => void;
  /** Adds the rows every database needs, demo or not (an existing row is kept). */
  setup?: (db: Db) => Promise<void>;
  /**
   * Adds the module's demo rows when demo data is on, once: it checks for its own rows first (or the
   * context says it: docs/architecture.md, "Who owns demo rows").
   */
  demo?: (db: Db, demo: DemoContext) => Promise<void>;
}

const withDevices =
  (seedDemo: (db: Db) => Promise<void>): ServerModule['demo'] =>
  (db, demo) =>
    demo.withDevices ? seedDemo(db) : Promise.resolve();

/**
 * Every module, registered here once: its routes, its set-up rows, and its demo rows in this order
 * (an owner before what names it: merchants before their roles and accounts, types before devices,
 * packs before the cabinets and vehicles holding them, devices before their stock history, swaps,
 * telemetry and credentials).
 */
const MODULES: ServerModule[] = [
  { routes: registerMenuRoutes, setup: syncMenuTree },
  { routes: registerResourceRoutes },
  { routes: registerCommonSettingRoutes, setup: seedDefaultSettings },
  { routes: registerMerchantRoutes, demo: seedDemoMerchants },
  { routes: registerCurrencyRoutes, setup: seedPlatformCurrency, demo: seedDemoCurrency },
  { routes: registerRoleRoutes, demo: seedDemoRoles },
  { routes: registerAccountRoutes, demo: seedDemoAccounts },
  // Merchant applications name the demo merchants they became and their reviewer.
  { routes: registerSignUpRoutes, demo: seedDemoMerchantApplications },
  { routes: registerMailRoutes, demo: seedDemoMail },
  {
    routes: (app, options) => registerSsoRefusalRoutes(app, options),
    demo: (db, demo) => (demo.addOrganisation ? seedDemoSsoRefusals(db) : Promise.resolve()),
  },
  { routes: registerFileRoutes },
  { routes: registerAreaRoutes, demo: (db) => seedDemoAreas(db) },
  { routes: registerDeviceTypeRoutes, demo: seedDemoTypes },
  { routes: registerStationRoutes, demo: seedDemoStations },
  { routes: registerBatteryRoutes, demo: seedDemoBatteries },
  { routes: registerCabinetRoutes, demo: seedDemoCabinets },
  { routes: registerVehicleRoutes, demo: seedDemoVehicles },
  { routes: registerStockRoutes, demo: seedDemoStock },
  { routes: registerDistributionRoutes, demo: seedDemoDistribution },
  { routes: registerCommandRoutes },
  { routes: registerFirmwareRoutes, demo: withDevices(seedDemoFirmware) },
  { routes: registerSwapRoutes, demo: withDevices(seedDemoSwaps) },
  { routes: registerLiveRoutes },
  { routes: registerTelemetryRoutes, demo: withDevices((db) => seedDemoTelemetry(db)) },
  // Each device's log names the demo fleet's cabinets, batteries and vehicles.
  { routes: registerDeviceLogRoutes, demo: seedDemoDeviceLogs },
  {
    routes: registerDeviceCredentialRoutes,
    demo: (db, demo) => (demo.withDevices && demo.deviceSecret ? seedDemoDeviceCredentials(db, demo.deviceSecret) : Promise.resolve()),
  },
  // Alarms name the devices they were raised on.
  { routes: registerAlarmRoutes, setup: seedAlarmLevels, demo: seedDemoAlarms },
  { routes: registerNotificationRoutes, demo: (db, demo) => seedDemoNotifications(db, demo.merchantIds) },
  { routes: registerPriceRoutes, demo: (db, demo) => seedDemoBasePrices(db, demo.merchantIds) },
  // Customers before the top-ups, wallets and applications that name them; the demo swaps and
  // reservations, seeded before, then refer to them through the backfill (docs/customers.md).
  {
    routes: registerCustomerRoutes,
    demo: async (db, demo) => {
      await seedDemoCustomers(db, demo);
      await backfillCustomerReferences(db);
    },
  },
  { routes: registerApplicationRoutes, demo: seedDemoApplications },
  { routes: registerProductPackageRoutes, demo: (db, demo) => seedDemoProductPackages(db, demo.merchantIds) },
  { routes: registerTopUpRoutes, demo: seedDemoTopUps },
  // Product orders name customers, products and vehicles.
  { routes: registerProductOrderRoutes, demo: seedDemoProductOrders },
  { routes: (app, options) => registerExternalSystemRoutes(app, options.webhooks), demo: seedDemoExternalSystems },
  { routes: registerPriceSettingRoutes, demo: (db, demo) => seedDemoPriceSettings(db, demo.merchantIds) },
  // Vehicle and battery orders name customers, devices and cities, and are priced by base and battery prices.
  { routes: registerDeviceOrderRoutes, demo: seedDemoDeviceOrders },
  // Transfer and energy orders name swaps, customers and cabinets, and are priced by consumer prices.
  { routes: registerSwapOrderRoutes, demo: (db, demo) => (demo.withDevices ? seedDemoSwapOrders(db, demo) : Promise.resolve()) },
  // Recharge and package orders name customers, top-up offers and package prices, and move wallets.
  { routes: registerWalletOrderRoutes, demo: seedDemoWalletOrders },
  // Payments: the gateways' callback and staff's payment requests, for every kind registered below.
  { routes: (app, options) => registerPaymentRoutes(app, options.db, options.payments) },
  // The home dashboard reads the rollups the swap, order and customer writes keep (docs/dashboard.md).
  // After every demo that stores what it counts: the rollups are made from those rows (docs/dashboard.md, "Demo").
  {
    routes: registerDashboardRoutes,
    demo: (db, demo) =>
      demo.fleet !== undefined || demo.addOrganisation
        ? rebuildFigures(db, [swapFigureFacts, energyFigureFacts, saleFigureFacts, customerFigureFacts])
        : Promise.resolve(),
  },
  // Last: its demo entries name the demo merchants.
  { routes: registerAuditLogRoutes, demo: seedDemoAuditLog },
];

/** Whether base prices or products name the merchant, vehicle type or city (and, for a merchant or a city, price settings). */
function pricesName(key: 'merchantId' | 'vehicleTypeId' | 'cityId') {
  return async (db: Db, id: number) =>
    (await basePricesName(db, key, id)) ||
    (await productsName(db, key, id)) ||
    (key !== 'vehicleTypeId' && (await priceSettingsName(db, key, id)));
}

// Each device's log is read by those who may see the device (the device modules know them).
tellDeviceLogDevices({ battery: visibleBattery, cabinet: visibleCabinet, vehicle: visibleVehicle });
tellStationsInArea(stationsInArea);

// A cabinet's detail shows the compartments a live reservation holds (the swap module knows them).
readCompartmentHoldsFrom(heldCompartments);
readSwapOrdersFrom(orderOfSwap);

// A customer's page lists the batteries the customer holds (the battery module knows them).
readHeldBatteriesFrom(batteriesHeldBy);

// The dashboard's days are counted in the zone the `time_zone` setting names: a change counts them again,
// the cabinets' days of yesterday and today from the swap and energy records (docs/dashboard.md, "Upkeep").
watchSetting(TIME_ZONE_SETTING, (tx) => recountDays(tx, [swapFigureFacts, energyFigureFacts]));

// A disabled account, or one whose password was reset, is signed out everywhere (the session module ends its sessions).
endSessionsWith(revokeAccountSessions);

// The merchant list counts each merchant's accounts, and a merchant with accounts stays (the account module knows them).
tellMerchantAccounts({ countOf: accountCountOfMerchant, exist: merchantHasAccounts });

// The role list counts each role's holders, a held role stays, and what a role grants changes only
// when the caller may act on every account holding it (the account module knows them).
tellRoleHolders({ countOf: holderCountOfRole, exist: roleHasHolders, assertMayChange: assertMayChangeRole });

// A removed menu or resource is withdrawn from the roles granting it (the role module holds the grants).
tellMenuGrantees({ revokeMenu: revokeMenuGrants, revokeResource: revokeResourceGrants });

// A cabinet shows the name of the station it stands in (docs/stations-and-maps.md).
placeCabinetsWith(cabinetStationFields);

// A business alarm names its station (the station module reads alarms).
tellAlarmStationOwners(stationOwners);

// A removed merchant's unused roles go with it (the role module removes them).
removeRolesWith(removeRolesOfMerchant);

// Sign-in tells a sign-up applicant where the application stands (the sign-up module knows them).
tellSignUpApplicants(applicantOf);

// An administrator cannot give an account the name a waiting merchant application holds (the sign-up module knows them).
tellWaitingApplications(async (db, name) => (await applicantOf(db, name))?.status === 'PENDING');

// The audit log names each entry's tenant (the merchant module joins it).
nameTenantsWith(merchantJoin);

// Merchant staff read the files their merchant's record points at (the merchant module knows them).
readMerchantDocumentsFrom(merchantDocumentIds);

// The battery list names each battery's vehicle, and a scrapped battery leaves its vehicle (the vehicle module holds them).
tellBatteryVehicles({ join: vehicleJoin, drop: dropBatteriesFromVehicles });
// A battery names its holder (docs/orders.md): the customer module joins the customer's number.
tellBatteryHolders({
  join: (customerId) => {
    const customer = customerJoin(customerId);
    return { join: { ...customer.join, left: true }, number: customer.customerNumber };
  },
});

// A refunded vehicle order's vehicle comes back only when no running product order holds it (docs/orders.md, "Refunds").
tellDeviceOrderProductOrders({ runningOrderOfVehicle });

// Device changes lock the stock counters they will touch first (the stock module keeps them).
lockStockCountersWith(lockStockCounters);

// A type in use stays: the device and stock modules say whether they use it.
tellTypeUsers({
  devicesOfType: { battery: batteriesOfTypeExist, vehicle: vehiclesOfTypeExist, cabinet: cabinetsOfTypeExist },
  typeHasVehicleWithTwoBatteries,
  typeHasStockHistory,
  typeHasPrices: pricesName('vehicleTypeId'),
  typeHasPriceSettings: (db, id) => priceSettingsName(db, 'batteryTypeId', id),
  removeStockCountsOfType,
});

// A product that orders name stays (the product order module knows them).
tellProductOrders(ordersNameProduct);

// A merchant, a vehicle type or a city that base prices, price settings or products name stays (the price modules know them).
tellMerchantPrices(pricesName('merchantId'));
// …and a city that vehicle, battery, transfer or energy orders name (their order modules know them).
tellCityPrices(
  async (db, id) => (await pricesName('cityId')(db, id)) || (await deviceOrdersNameCity(db, id)) || (await swapOrdersNameCity(db, id)),
);

// Each kind of order says how it is paid; the payment callback finds it by the order number's prefix (docs/orders.md, "Paying an order").
for (const payable of [
  productOrderPayable,
  vehicleOrderPayable,
  batteryOrderPayable,
  rechargeOrderPayable,
  packageOrderPayable,
  transferOrderPayable,
  kwhOrderPayable,
])
  registerPayableKind(payable);

/** Every module's /api/oms routes. */
export function registerModules(app: FastifyInstance, options: ModuleOptions): void {
  for (const module of MODULES) module.routes(app, options);
}

/** Every module's set-up rows, in the registry's order. */
export async function setUpModules(db: Db): Promise<void> {
  for (const module of MODULES) await module.setup?.(db);
}

/**
 * Every module's demo rows, in the registry's order, in one transaction: a start that fails half-way
 * leaves no half demo behind, and the next start adds it whole.
 */
export async function seedModuleDemos(db: Db, options: { withDevices: boolean; deviceSecret?: string | undefined }): Promise<void> {
  await db.transaction(async (tx) => {
    const demo: DemoContext = {
      ...options,
      addOrganisation: !(await demoAdminExists(tx)),
      merchantIds: {},
      roleIds: {},
    };
    for (const module of MODULES) await module.demo?.(tx, demo);
  });
}
