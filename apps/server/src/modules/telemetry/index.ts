export { registerTelemetryRoutes } from './telemetry.routes.js';
export { maintainTelemetryHistory, purgeTelemetry, summariseEndedHours, TRACK_JOB_LOOKBACK_HOURS } from './telemetry.service.js';
export { ensureTelemetryPartitions } from './telemetry.partitions.js';
export { seedDemoTelemetry } from './demo-telemetry.js';
export { backlogItems, backlogWindow, persistTelemetry, receiveTime, type TelemetryItem, type TelemetryKind } from './telemetry.ingest.js';
export type { AlongsideRead, ReportingDevice } from './telemetry.ingest.js';
