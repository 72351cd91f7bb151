export { registerSwapRoutes } from './swap.routes.js';
export { swapRecords, appointments } from './swap.table.js';
export {
  applySwapEvent,
  auditDeviceRefusal,
  authorizeHandout,
  expireAppointments,
  SWAP_AUTHORIZATION_SECONDS,
  type SwapOutcome,
} from './swap-event.service.js';
export { heldCompartments } from './appointment.query.js';
export { seedDemoSwaps } from './swap.seed.js';
