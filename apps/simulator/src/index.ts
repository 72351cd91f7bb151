export { startFleet, type FleetOptions, type RunningFleet } from './fleet.js';
export { startOwnDevices, type IssuedDevice, type OwnDevicesOptions } from './own-devices.js';
export { batteryReadings, generateDrive, uploadBacklog, vehicleReadings, type DriveOptions, type DrivePoint } from './backlog.js';
export { VirtualBattery, VirtualCabinet, type Faults } from './devices.js';
export { demoDeviceSecret } from './secret.js';
export { CommandResponder, DEFAULT_COMMAND_BEHAVIOUR, parseFailureRates, type CommandBehaviour, type CommandTarget } from './commands.js';
export { performSwap, pickIn, pickOut, scheduleSwaps, takeRiders, type SwapOutcome, type SwapRequest } from './swaps.js';
export { newBattery, seededRandom, type BatteryModel } from './model.js';
export { VirtualVehicle, ROUTES, CITY_BOUNDS, type City } from './vehicles.js';
export {
  parseSwapFailureRates,
  SwapFaults,
  SWAP_FAILURE_CODES,
  SWAP_FAILURE_STEPS,
  type SwapFailureCode,
  type SwapFailureRates,
} from './swap-faults.js';
export {
  DEFAULT_FIRMWARE_BEHAVIOUR,
  FIRMWARE_FAILURES,
  FirmwareUpdater,
  parseFirmwareFailureRates,
  type FirmwareBehaviour,
  type FirmwareFailure,
} from './firmware.js';
export {
  Conditions,
  ConditionError,
  raiseNowAndThen,
  BATTERY_CONDITIONS,
  CABINET_CONDITIONS,
  type RandomAlarmOptions,
} from './conditions.js';
export { askControl, startControl, DEFAULT_CONTROL_PORT, type ControlServer } from './control.js';
