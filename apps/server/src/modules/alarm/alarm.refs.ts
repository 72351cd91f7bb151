import { sql, type SQL } from 'drizzle-orm';
import type { AlarmDeviceKind } from '@swap/contracts';
import { alarms } from './alarm.table.js';

/**
 * What other modules use to refer to alarms without reading their table (docs/architecture.md,
 * "What an entry exports instead of its tables").
 */

/** How many alarms not cleared (open or acknowledged) the devices of a kind that `deviceIds` selects have (alarm_active_uq). */
export function unclearedAlarmsOf(kind: AlarmDeviceKind, deviceIds: SQL): SQL<number> {
  return sql`(select count(*)::int from ${alarms} where ${alarms.alarmKind} = ${kind} and ${alarms.deviceId} in (${deviceIds})
    and ${alarms.alarmState} <> 'CLEARED' and ${alarms.alarmState} <> 'PENDING')`;
}
