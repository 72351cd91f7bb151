export {
  chunks,
  countDevices,
  deviceScope,
  ownerCondition,
  placeOwner,
  typeOfKind,
  INSERT_CHUNK,
  type DeviceKindDef,
  type NewDevices,
} from './device.kind.js';
export { addDeviceBatch, checkDeviceBatch, lockDevices, scrapDevices } from './device.service.js';
export { deviceCsvColumns } from './device.csv.js';
