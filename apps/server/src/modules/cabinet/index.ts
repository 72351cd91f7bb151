export {
  atCabinetNumberPrefix,
  cabinetByNumber,
  cabinetJoin,
  cabinetNumbers,
  cabinetsOfTypeExist,
  compartmentBatteryId,
  lockCompartment,
  occupiedCompartments,
  putIntoCompartment,
  takeOutOfCompartment,
  visibleCabinetByNumber,
} from './cabinet.refs.js';
export { registerCabinetRoutes } from './cabinet.routes.js';
export { CABINET_KIND } from './cabinet.kind.js';
export { cabinets, cabinetCompartments } from './cabinet.table.js';
export { visibleCabinet } from './cabinet.query.js';
export { cabinetDetail, cabinetScope, readCompartmentHoldsFrom } from './cabinet.query.js';
