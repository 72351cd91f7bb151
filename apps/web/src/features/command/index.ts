export { CabinetCommandsCard } from './CabinetCommandsCard';
export { BatteryCommandsCard } from './BatteryCommandsCard';
export { CompartmentCommands } from './CompartmentCommands';
