// Every table of every module, for migrations and the typed client.
export * from '../modules/merchant/merchant.table.js';
export * from '../modules/file/file.table.js';
export * from '../modules/account/account.table.js';
export * from '../modules/role/role.table.js';
export * from '../modules/menu/menu.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../modules/audit-log/audit-log.table.js';
export * from '../modules/common-setting/common-setting.table.js';
export * from '../modules/currency/currency.table.js';
export * from '../modules/device-type/device-type.table.js';
export * from '../modules/battery/battery.table.js';
export * from '../modules/vehicle/vehicle.table.js';
export * from '../modules/cabinet/cabinet.table.js';
export * from '../modules/stock/stock.table.js';
export * from '../device/device-credential.table.js';
export * from '../modules/telemetry/telemetry.table.js';
