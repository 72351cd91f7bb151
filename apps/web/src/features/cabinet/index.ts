/** The cabinet feature's entry (docs/architecture.md): the status maps other screens listing cabinets show. */
export { ALARM_FLAG_MAP, SUPPLY_MAP } from './cabinetModel';
