/** Stations' entry (docs/architecture.md): the fleet map the dashboard shows. */
export { FleetMapCard } from './FleetMapCard';
