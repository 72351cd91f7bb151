export { activatedVehicleNumbers, typeHasVehicleWithTwoBatteries, vehicleJoin, vehiclesOfTypeExist } from './vehicle.refs.js';
export { registerVehicleRoutes } from './vehicle.routes.js';
export { VEHICLE_KIND } from './vehicle.kind.js';
export { vehicleDetail } from './vehicle.query.js';
export { dropBatteriesFromVehicles } from './vehicle.binding.js';
