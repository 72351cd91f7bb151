export {
  activatedVehicleNumbers,
  applyVehicleReports,
  bindDemoVehicles,
  findVehicleReporters,
  typeHasVehicleWithTwoBatteries,
  vehicleJoin,
  vehiclesBoundTo,
  vehiclesInStation,
  vehiclesOfTypeExist,
} from './vehicle.refs.js';
export { registerVehicleRoutes } from './vehicle.routes.js';
export { VEHICLE_KIND } from './vehicle.kind.js';
export { vehicleDetail, vehiclesByNumber, visibleVehicle } from './vehicle.query.js';
export { dropBatteriesFromVehicles, putSwappedBattery, servedVehicle, type ServedVehicle } from './vehicle.binding.js';
export {
  bindVehicleToCustomer,
  boundCustomerOfVehicle,
  freeVehiclesOf,
  lockVehicleForOrder,
  takeVehicleBack,
  unbindVehicleFromCustomer,
} from './vehicle.orders.js';
