// The firmware module's routes are registered by the module registry (modules/index.ts); its entry
// hands the device link what cabinets report on /fw-status (docs/firmware.md).
export { applyFirmwareStatus } from './task.service.js';
