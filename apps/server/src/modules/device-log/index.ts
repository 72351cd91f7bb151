export {
  appendDeviceLog,
  deviceLogText,
  insertDeviceLogRows,
  tellDeviceLogDevices,
  type DeviceLogEntry,
  type VisibleDevice,
} from './device-log.service.js';
