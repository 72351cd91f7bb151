export {
  applyBatteryReports,
  findBatteryReporters,
  batteriesByNumber,
  batteriesByIds,
  batteriesInStation,
  batteriesOfTypeExist,
  batteryIdOf,
  batteryJoin,
  setBatterySwitches,
  setBatteryAlarmStatus,
  batteryAlarmStatusUpdate,
  batteryLiveOf,
  vehicleIdsOfBattery,
  type BatterySwitches,
} from './battery.refs.js';
export {
  batteryOwners,
  endSwapHolds,
  holdForSwap,
  lockSwapBattery,
  recordSwappedBattery,
  setBatteriesReturning,
  swapBatteryById,
  type SwapBattery,
} from './battery.swap.js';
export { registerBatteryRoutes } from './battery.routes.js';
export { BATTERY_KIND } from './battery.kind.js';
export { tellBatteryVehicles } from './battery.vehicles.js';
export { tellBatteryHolders } from './battery.holders.js';
export { batteryDetail, batteryScope, visibleBattery } from './battery.query.js';
export {
  assignBatteries,
  batteryNumberOf,
  holdBatteries,
  lockBatteriesByNumber,
  pointBatteriesAtVehicles,
  releaseBatteriesOf,
} from './battery.binding.js';
export {
  batteriesHeldBy,
  freeBatteriesOf,
  lockBatteryForOrder,
  passBatteryHolder,
  releaseBatteryHolder,
  setBatteryHolder,
} from './battery.orders.js';
