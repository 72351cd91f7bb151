export { startFleet, type FleetOptions, type RunningFleet } from './fleet.js';
export { VirtualBattery, VirtualCabinet, type Faults } from './devices.js';
export { demoDeviceSecret } from './secret.js';
