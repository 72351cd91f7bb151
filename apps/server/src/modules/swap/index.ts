export { registerSwapRoutes } from './swap.routes.js';
export {
  applySwapEvent,
  auditDeviceRefusal,
  authorizeHandout,
  expireAppointments,
  SWAP_AUTHORIZATION_SECONDS,
  type SwapOutcome,
  type SwapRecorded,
  type RecordedSwap,
} from './swap-event.service.js';
export {
  BACKFILL_BATCH,
  backfillCustomerBatch,
  backfillCustomerReferences,
  startCustomerReferenceBackfill,
  REFERENCE_BACKFILLS,
} from './swap.backfill.js';
export { heldCompartments } from './appointment.query.js';
export { swapFigureFacts } from './swap.figures.js';
export { readSwapOrdersFrom } from './swap.query.js';
export {
  recordDemoSwaps,
  seedDemoFailedSwaps,
  seedDemoSwaps,
  seedDemoVehicleSwaps,
  type DemoChargedSwap,
  type DemoVehicleSwap,
} from './swap.seed.js';
export { swapFailuresByCabinet, vehicleSwapDays } from './swap.refs.js';
