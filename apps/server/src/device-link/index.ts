export { startDeviceGateway, type DeviceGateway, type GatewayOptions } from './gateway.js';
export type { DeviceLink } from './link.js';
export { markSilentCabinetsOffline } from './device-state.service.js';
export { writeDemoFleet } from './demo-fleet.js';
export { startDemoSimulator } from './demo-simulator.js';
export { startChangeRelay, type ChangeRelay } from './change-relay.js';
export { mosquittoAcl, mosquittoPasswordLine, writeMosquittoAuth, writeMosquittoAuthFromDb, type MosquittoAccounts } from './mosquitto.js';
export { signalMosquittoReload } from './mosquitto-sync.js';
export { gatewaySubscriptions } from './transport.js';
