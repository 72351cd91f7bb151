export { appendDeviceLog, deviceLogText, tellDeviceLogDevices, type DeviceLogEntry, type VisibleDevice } from './device-log.service.js';
