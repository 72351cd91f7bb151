/** The swap feature's entry (docs/architecture.md): the swaps card device pages show. */
export { DeviceSwapsCard } from './DeviceSwapsCard';
