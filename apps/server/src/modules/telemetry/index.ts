export { registerTelemetryRoutes } from './telemetry.routes.js';
export { batteryTelemetry, cabinetTelemetry, vehicleTelemetry } from './telemetry.table.js';
export { purgeTelemetry } from './telemetry.service.js';
export { seedDemoTelemetry } from './demo-telemetry.js';
