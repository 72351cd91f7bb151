export { registerDeviceTypeRoutes } from './device-type.routes.js';
