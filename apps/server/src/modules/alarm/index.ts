export { devicesWithUnclearedAlarms, heldDeviceAlarms, unclearedAlarmsOf } from './alarm.refs.js';
export { registerAlarmRoutes } from './alarm.routes.js';
export { seedAlarmLevels } from './alarm.config.js';
export { seedDemoAlarms } from './alarm.seed.js';
export {
  AlarmSteps,
  alarmsAlongside,
  compartmentReadings,
  evaluateAlarms,
  readingsOf,
  type OpenedAlarm,
  type AlarmChange,
  type AnnounceAlarm,
  type Reading,
  type ReportedTelemetry,
} from './alarm.evaluate.js';
export { ALARM_CHANNEL } from './alarm.live.js';
export { openAlarmCounts } from './alarm.counts.js';
export { evaluateBusinessAlarms, tellAlarmStationOwners, type OpenedBusinessAlarm } from './alarm.business.js';
