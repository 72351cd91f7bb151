import { eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { ListJoin } from '../../app/list.js';
import { qualified } from '../../app/sql.js';
import { batteries } from './battery.table.js';

/**
 * What other modules use to refer to a battery without reading its table (docs/architecture.md,
 * "What an entry exports instead of its tables"): joins and subqueries inside the caller's query.
 */

/**
 * The battery a row names, joined to it (left: the row may name none), with the columns the caller
 * selects. `as` names the join when one query joins several batteries (a vehicle's two).
 */
export function batteryJoin(batteryId: PgColumn, as?: string) {
  const table = as ? alias(batteries, as) : batteries;
  return {
    join: { table, on: eq(table.id, batteryId), left: true } satisfies ListJoin,
    number: table.number,
    ratedCapacity: table.ratedCapacity,
  };
}

/** The id of the battery with this number as a subquery, for another module's condition (one unique-index probe). */
export function batteryIdOf(number: string): SQL {
  return sql`(select ${batteries.id} from ${batteries} where ${batteries.number} = ${number})`;
}

/**
 * The batteries as a relation (id, number, merchant_id) another module's raw statement joins on the
 * number (the planner folds it into the join: one unique-index probe per row).
 */
export function batteriesByNumber(): SQL {
  return sql`(select ${batteries.id} as id, ${batteries.number} as number, ${batteries.merchantId} as merchant_id from ${batteries})`;
}

/** The ids of the vehicles holding the battery with this number, for an `in (…)` condition (one unique-index probe). */
export function vehicleIdsOfBattery(db: Db, number: string) {
  return db.select({ id: batteries.vehicleId }).from(batteries).where(eq(batteries.number, number));
}

/** Whether a battery is of this type, read inside the caller's query (a type in use stays). */
export function batteriesOfTypeExist(typeId: Column | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${batteries} where ${qualified(batteries.typeId)} = ${qualified(typeId)})`;
}

/** A battery's charge and discharge switches, as a confirmed command sets them. */
export type BatterySwitches = Partial<Pick<typeof batteries.$inferInsert, 'chargeSwitch' | 'dischargeSwitch'>>;

/** Sets the switches of the battery `batteryId` names (an id, or a subquery read in the same statement). */
export async function setBatterySwitches(db: Db, batteryId: number | SQL, change: BatterySwitches): Promise<void> {
  await db.update(batteries).set(change).where(eq(batteries.id, batteryId));
}

/** Number, charge and distribution status of the batteries with these ids (one query). */
export async function batteriesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: batteries.id, number: batteries.number, soc: batteries.soc, distributionStatus: batteries.distributionStatus })
    .from(batteries)
    .where(inArray(batteries.id, ids));
}

/**
 * Writes each battery's latest report onto its row, as one piece of the telemetry batch's single
 * statement (docs/device-protocol.md, "How the server keeps telemetry"). `latest` holds one report per battery number
 * with the batch's columns: number, at, soc, voltage, current, temperature, cell_voltages, cycles,
 * gsm_signal, gps_signal, charge_switch, discharge_switch, latitude, longitude (a report without a
 * fix keeps the position on record; cell_voltages comes as json, with the latest report only, so
 * one without keeps those on record). Returns the id, number, owner and type of each battery found.
 */
export function applyBatteryReports(latest: SQL): SQL {
  return sql`update ${batteries} b set soc = v.soc, voltage = v.voltage, current = v.current, temperature = v.temperature,
      cell_voltages = coalesce(v.cell_voltages::jsonb, b.cell_voltages), cycles = v.cycles, gsm_signal = v.gsm_signal, gps_signal = v.gps_signal,
      charge_switch = v.charge_switch, discharge_switch = v.discharge_switch,
      latitude = coalesce(v.latitude, b.latitude), longitude = coalesce(v.longitude, b.longitude),
      last_report_at = v.at, updated_at = now()
    from ${latest} v where b.number = v.number returning b.id, b.number, b.merchant_id, b.type_id`;
}

/**
 * The id, number, owner and type of each battery a telemetry backlog names (`reports`, with a number column):
 * a backlog's readings go to the history only, so no battery row changes (docs/device-protocol.md, "Backlog").
 */
export function findBatteryReporters(reports: SQL): SQL {
  return sql`select b.id, b.number, b.merchant_id, b.type_id from ${batteries} b where b.number in (select number from ${reports})`;
}

/** How many batteries are distributed to a station (battery_station_idx), for its removal. */
export async function batteriesInStation(db: Db, stationId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(batteries)
    .where(eq(batteries.stationId, stationId));
  return row?.count ?? 0;
}

/** A battery's alarm status follows its open alarms (the alarm module says which): ALARM or NORMAL, in one statement each. */
export async function setBatteryAlarmStatus(db: Db, ids: { alarm: number[]; normal: number[] }): Promise<void> {
  if (ids.alarm.length) await db.update(batteries).set({ alarmStatus: 'ALARM' }).where(inArray(batteries.id, ids.alarm));
  if (ids.normal.length) await db.update(batteries).set({ alarmStatus: 'NORMAL' }).where(inArray(batteries.id, ids.normal));
}

/**
 * The alarm status of the batteries `ids` as a piece of the caller's statement (a CTE beside the
 * alarm changes it follows): ALARM for those `alarmed` selects (their ids), NORMAL for the others;
 * a row already so is left alone.
 */
export function batteryAlarmStatusUpdate(ids: readonly number[], alarmed: SQL): SQL {
  return sql`update ${batteries} set alarm_status = case when id in (${alarmed}) then 'ALARM' else 'NORMAL' end
    where id in (select unnest(${`{${ids.join(',')}}`}::int[]))
      and alarm_status is distinct from case when id in (${alarmed}) then 'ALARM' else 'NORMAL' end`;
}

/** A battery's latest readings (charge, temperature, voltage) as one JSON value beside the caller's rows. */
export function batteryLiveOf(batteryId: Column | SQL): SQL<Record<string, number | null> | null> {
  return sql`(select jsonb_build_object('soc', ${batteries.soc}, 'temperature', ${batteries.temperature}, 'voltage', ${batteries.voltage}) from ${batteries} where ${batteries.id} = ${qualified(batteryId)})`;
}
