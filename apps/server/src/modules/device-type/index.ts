// The type module's routes are registered by the module registry (modules/index.ts); its entry
// hands out only what other modules need to refer to a type (docs/architecture.md).
export {
  deviceTypeIdColumn,
  deviceTypeJoin,
  deviceTypeNameOf,
  findTypeOfKind,
  typeIdsByCode,
  typeOfKind,
  vehicleCompartmentsOf,
  type DeviceTypeRow,
} from './device-type.refs.js';
export { tellTypeUsers } from './device-type.users.js';
