export {
  type DevicePlacement,
  type Placement,
  chunks,
  deviceScope,
  ownerCondition,
  placeOwner,
  INSERT_CHUNK,
  type DeviceKindDef,
  type DeviceRow,
  type NewDevices,
} from './device-registry.kind.js';
export { addDeviceBatch, checkDeviceBatch, lockDevices, lockUsableDevices, scrapDevices } from './device-registry.service.js';
export { deviceRowsOf, insertDevices } from './device-registry.rows.js';
export { refuseScrapped } from './device-registry.guard.js';
export { lockStockCounters, lockStockCountersWith, type CountedDevice } from './device-registry.counters.js';
export { deviceExport } from './device-registry.export.js';
export { deviceNumbersOfKind, numberConflict, refuseTakenNumber } from './device-registry.numbers.js';
export { deviceInArea, tellStationsInArea, type StationsInArea } from './device-registry.area.js';
