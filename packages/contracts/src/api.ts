import { endpointsOf } from './endpoint.js';
import { liveApi } from './device-link/live.js';
import { accountApi } from './domains/account.js';
import { sessionApi } from './domains/session.js';
import { areaApi } from './domains/area.js';
import { auditLogApi } from './domains/audit-log.js';
import { batteryApi } from './domains/battery.js';
import { cabinetApi } from './domains/cabinet.js';
import { commandApi } from './domains/command.js';
import { deviceCredentialApi } from './domains/device-credential.js';
import { deviceTypeApi } from './domains/device-type.js';
import { fileApi } from './domains/file.js';
import { menuApi, resourceApi } from './domains/menu.js';
import { merchantApi } from './domains/merchant.js';
import { notificationApi, notificationFieldLabels } from './domains/notification.js';
import { roleApi } from './domains/role.js';
import { commonSettingApi } from './domains/common-setting.js';
import { currencyApi } from './domains/currency.js';
import { stationApi } from './domains/station.js';
import { stockApi } from './domains/stock.js';
import { appointmentApi, swapApi } from './domains/swap.js';
import { telemetryApi } from './domains/telemetry.js';
import { vehicleApi } from './domains/vehicle.js';

// The domains' schemas, types and declarations, published with the package from here, so a new
// domain is added in this one file (docs/adding-a-resource.md).
export * from './domains/account.js';
export * from './domains/area.js';
export * from './domains/audit-log.js';
export * from './domains/battery.js';
export * from './domains/cabinet.js';
export * from './domains/command.js';
export * from './domains/common-setting.js';
export * from './domains/currency.js';
export * from './domains/device-credential.js';
export * from './domains/device-type.js';
export * from './domains/file.js';
export * from './domains/menu.js';
export * from './domains/merchant.js';
export * from './domains/notification.js';
export * from './domains/role.js';
export * from './domains/session.js';
export * from './domains/station.js';
export * from './domains/stock.js';
export * from './domains/swap.js';
export * from './domains/telemetry.js';
export * from './domains/vehicle.js';

/** Labels of the fields a domain brought to the product, declared in its domain file (see FIELD_LABELS). */
export const DOMAIN_FIELD_LABELS = { ...notificationFieldLabels };

/**
 * Every declared endpoint, grouped by resource. The server refuses to start when one of them has
 * no handler or a handler serves an endpoint missing here.
 */
export const API = {
  session: sessionApi,
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
  vehicleType: deviceTypeApi.vehicle,
  batteryType: deviceTypeApi.battery,
  cabinetType: deviceTypeApi.cabinet,
  battery: batteryApi,
  vehicle: vehicleApi,
  cabinet: cabinetApi,
  vehicleCredential: deviceCredentialApi.vehicle,
  batteryCredential: deviceCredentialApi.battery,
  cabinetCredential: deviceCredentialApi.cabinet,
  vehicleTelemetry: telemetryApi.vehicle,
  batteryTelemetry: telemetryApi.battery,
  cabinetTelemetry: telemetryApi.cabinet,
  notification: notificationApi,
  area: areaApi,
  integratedStation: stationApi.INTEGRATED,
  swapStation: stationApi.SWAP,
  cabinetLive: liveApi.cabinet,
  batteryLive: liveApi.battery,
} as const;

export const ALL_ENDPOINTS = endpointsOf(API);
