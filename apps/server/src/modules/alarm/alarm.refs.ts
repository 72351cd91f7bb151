import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AlarmDeviceKind } from '@swap/contracts';
import type { Db } from '../../db/client.js';
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

/** The devices of a kind with an alarm not cleared (open or acknowledged), as a subquery (through `alarm_active_uq`). */
export function devicesWithUnclearedAlarms(kind: AlarmDeviceKind): SQL {
  return sql`select ${alarms.deviceId} from ${alarms} where ${alarms.alarmKind} = ${kind}
    and ${alarms.alarmState} <> 'CLEARED' and ${alarms.alarmState} <> 'PENDING'`;
}

/**
 * The batteries' and cabinets' alarms open or acknowledged now, by device number and parameter, and
 * the cabinets' failed-swaps and failing-commands business alarms (kind `business`): the demo fleet holds their
 * conditions, so they stay true while it runs (docs/alarms.md, "Demo data").
 */
export async function heldDeviceAlarms(
  db: Db,
): Promise<{ deviceNumber: string; alarmKind: AlarmDeviceKind | 'business'; parameter: string; compartment: number }[]> {
  return db
    .select({
      deviceNumber: alarms.deviceNumber,
      alarmKind: sql<AlarmDeviceKind | 'business'>`${alarms.alarmKind}`,
      parameter: alarms.parameter,
      compartment: alarms.compartment,
    })
    .from(alarms)
    .where(
      and(
        or(
          inArray(alarms.alarmKind, ['battery', 'cabinet']),
          and(eq(alarms.alarmKind, 'business'), inArray(alarms.parameter, ['swapFailures', 'commandFailureRate'])),
        ),
        inArray(alarms.alarmState, ['OPEN', 'ACKNOWLEDGED']),
      ),
    )
    .orderBy(alarms.id);
}
