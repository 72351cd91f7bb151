export { startFleet, type FleetOptions, type RunningFleet } from './fleet.js';
export { VirtualBattery, VirtualCabinet, type Faults } from './devices.js';
export { demoDeviceSecret } from './secret.js';
export { VirtualVehicle, ROUTES, CITY_BOUNDS, type City } from './vehicles.js';
