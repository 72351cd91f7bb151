import { endpointsOf } from './endpoint.js';
import { merchantApi } from './domains/merchant.js';
import { deviceTypeApi } from './domains/device-type.js';
import { batteryApi } from './domains/battery.js';
import { vehicleApi } from './domains/vehicle.js';
import { cabinetApi } from './domains/cabinet.js';
import { deviceCredentialApi } from './domains/device-credential.js';
import { telemetryApi } from './domains/telemetry.js';
import { liveApi } from './device/live.js';

/**
 * Every declared endpoint, grouped by resource. The server refuses to start when one of them has
 * no handler or a handler serves an endpoint missing here.
 */
export const API = {
  merchant: merchantApi,
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
  cabinetLive: liveApi.cabinet,
  batteryLive: liveApi.battery,
} as const;

export const ALL_ENDPOINTS = endpointsOf(API);
