export { startDeviceGateway, type DeviceGateway, type GatewayOptions } from './gateway.js';
export type { DeviceLink } from './link.js';
export { markSilentCabinetsOffline } from './device-state.service.js';
export { writeDemoFleet } from './demo-fleet.js';
export { DeviceHub, type DeviceChange, type DeviceSender } from './hub.js';
export { startChangeRelay, type ChangeRelay } from './change-relay.js';
export { mosquittoAcl, mosquittoPasswordLine, writeMosquittoAuth, writeMosquittoAuthFromDb, type MosquittoAccounts } from './mosquitto.js';
export { gatewaySubscriptions } from './transport.js';
