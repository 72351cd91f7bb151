export {
  applyCabinetReports,
  logCabinetsBackOnline,
  atCabinetNumberPrefix,
  batteryInCompartment,
  cabinetByNumber,
  cabinetIdOfNumber,
  cabinetOwnerOf,
  cabinetIdsInStation,
  cabinetJoin,
  cabinetLiveOf,
  cabinetNumbers,
  cabinetNumbersInStation,
  cabinetStationId,
  cabinetsInStationsOf,
  cabinetsOfTypeExist,
  compartmentBatteryId,
  compartmentOfBattery,
  cabinetsInStations,
  compartmentsOfCabinets,
  fewestSwappableStations,
  firstCabinetIds,
  lockCompartment,
  markCabinetGone,
  markCabinetHeard,
  takeSilentCabinetsOffline,
  stationsWithSwappableAtMost,
  stationIdsOfCabinetNumbers,
  stationIdsOfCabinets,
  allOnlineStationIds,
  occupiedCompartments,
  onlineCabinetsInStation,
  placedCabinets,
  putIntoCompartment,
  takeOutOfCompartment,
  visibleCabinetByNumber,
} from './cabinet.refs.js';
export { registerCabinetRoutes } from './cabinet.routes.js';
export { placeCabinetsWith, type CabinetStations } from './cabinet.station.js';
export { CABINET_KIND } from './cabinet.kind.js';
export { visibleCabinet } from './cabinet.query.js';
export { cabinetDetail, cabinetScope, readCompartmentHoldsFrom } from './cabinet.query.js';
export { applyCabinetState, type AskedWithState, type OtherOwners } from './cabinet.state.js';
export {
  cabinetOfTask,
  cabinetsForTask,
  cabinetVersionCounts,
  cabinetVersionList,
  setDemoFirmwareVersions,
  type CabinetChoice,
  type TaskCabinet,
} from './cabinet.firmware.js';
