export { registerDeviceCredentialRoutes } from './device-credential.routes.js';
export {
  DEVICE_CREDENTIAL_CHANNEL,
  brokerHashesAfter,
  countWithoutBrokerHash,
  demoDeviceSecret,
  mosquittoPasswordHash,
  seedDemoDeviceCredentials,
  setDeviceSecret,
  verifyDevice,
  type DeviceIdentity,
} from './device-credential.secret.js';
