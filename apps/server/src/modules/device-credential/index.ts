export { registerDeviceCredentialRoutes } from './device-credential.routes.js';
