export {
  appendDeviceLog,
  deviceLogInsert,
  deviceLogText,
  insertDeviceLogRows,
  tellDeviceLogDevices,
  type DeviceLogEntry,
  type VisibleDevice,
} from './device-log.service.js';
