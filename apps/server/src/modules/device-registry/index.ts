export { chunks, deviceScope, ownerCondition, placeOwner, INSERT_CHUNK, type DeviceKindDef, type NewDevices } from './device.kind.js';
export { addDeviceBatch, checkDeviceBatch, lockDevices, lockUsableDevices, scrapDevices } from './device.service.js';
export { refuseScrapped } from './device.guard.js';
export { lockStockCounters, type CountedDevice } from './device.counters.js';
export { deviceExport } from './device.export.js';
export { deviceNumbersOfKind, numberConflict, refuseTakenNumber } from './device.numbers.js';
export { deviceNumbers } from './device-number.table.js';
