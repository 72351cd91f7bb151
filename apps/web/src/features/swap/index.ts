/** The swap feature's entry (docs/architecture.md): the swaps card device and customer pages show, and a customer's reservations. */
export { CustomerReservationsCard, DeviceSwapsCard } from './DeviceSwapsCard';
