import { and, asc, eq, inArray, isNotNull, like, lt, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../app/context.js';
import type { ListJoin } from '../../app/list.js';
import { prefixPattern } from '../../app/pagination.js';
import { qualified } from '../../app/sql.js';
import { batteryJoin } from '../battery/index.js';
import { deviceScope } from '../device-registry/index.js';
import type { MessageKey } from '@swap/contracts';
import { appendDeviceLog, insertDeviceLogRows } from '../device-log/index.js';
import { cabinetCompartments, cabinets } from './cabinet.table.js';

/**
 * What other modules use to refer to a cabinet without reading its tables (docs/architecture.md,
 * "What an entry exports instead of its tables"): joins and subqueries inside the caller's query.
 */

/** The cabinet a row names, joined to it (every such row names one), with the columns the caller selects. */
export function cabinetJoin(cabinetId: PgColumn) {
  return {
    join: { table: cabinets, on: eq(cabinets.id, cabinetId) } satisfies ListJoin,
    number: cabinets.number,
    stationId: cabinets.stationId,
  };
}

/** Rows whose cabinet's number starts with this prefix: the cabinets' ids as an `in (…)` condition (the number prefix index). */
export function atCabinetNumberPrefix(db: Db, cabinetId: PgColumn, number: string): SQL {
  return inArray(
    cabinetId,
    db
      .select({ id: cabinets.id })
      .from(cabinets)
      .where(like(cabinets.number, prefixPattern(number))),
  );
}

/** Whether a cabinet is of this type, read inside the caller's query (a type in use stays). */
export function cabinetsOfTypeExist(typeId: Column | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${cabinets} where ${qualified(cabinets.typeId)} = ${qualified(typeId)})`;
}

/** Every compartment holding a battery, with its cabinet's owner, by cabinet id and compartment index. */
export function occupiedCompartments(db: Db) {
  return db
    .select({
      cabinetId: cabinets.id,
      merchantId: cabinets.merchantId,
      index: cabinetCompartments.index,
      state: cabinetCompartments.state,
      batteryId: cabinetCompartments.batteryId,
    })
    .from(cabinetCompartments)
    .innerJoin(cabinets, eq(cabinets.id, cabinetCompartments.cabinetId))
    .where(isNotNull(cabinetCompartments.batteryId))
    .orderBy(asc(cabinets.id), asc(cabinetCompartments.index));
}

/** The cabinet with this number, as its own device message names it (no tenant: the cabinet speaks for itself). */
export async function cabinetByNumber(
  db: Db,
  number: string,
): Promise<{ id: number; merchantId: number | null; online: boolean } | undefined> {
  const [cabinet] = await db
    .select({ id: cabinets.id, merchantId: cabinets.merchantId, online: cabinets.online })
    .from(cabinets)
    .where(eq(cabinets.number, number));
  return cabinet;
}

/** The station the cabinet stands in (null when placed in none): a charged swap is priced in its city. */
export async function cabinetStationId(db: Db, cabinetId: number): Promise<number | null> {
  const [cabinet] = await db.select({ stationId: cabinets.stationId }).from(cabinets).where(eq(cabinets.id, cabinetId));
  return cabinet?.stationId ?? null;
}

/** A merchant's first cabinets placed in a station (the demo's charged swaps happen there). */
export async function cabinetsInStationsOf(db: Db, merchantId: number, limit: number): Promise<{ id: number; stationId: number }[]> {
  const rows = await db
    .select({ id: cabinets.id, stationId: cabinets.stationId })
    .from(cabinets)
    .where(and(eq(cabinets.merchantId, merchantId), isNotNull(cabinets.stationId)))
    .orderBy(asc(cabinets.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, stationId: row.stationId! }));
}

/** The stations the cabinets with these numbers stand in, as a subquery beside the caller's station rows (the fleet map's live notice). */
export function stationIdsOfCabinetNumbers(numbers: readonly string[]): SQL {
  return sql`select ${cabinets.stationId} from ${cabinets} where ${inArray(cabinets.number, [...numbers])} and ${cabinets.stationId} is not null`;
}

/** The numbers of the cabinets standing in a station that the caller may see (its detail's live rows). */
export async function cabinetNumbersInStation(db: Db, ctx: Pick<Ctx, 'principal'>, stationId: number): Promise<string[]> {
  const rows = await db
    .select({ number: cabinets.number })
    .from(cabinets)
    .where(and(eq(cabinets.stationId, stationId), deviceScope(ctx, cabinets.merchantId)));
  return rows.map((row) => row.number);
}

/** The cabinet with this number the caller may see (another tenant's is not found), for a change in the caller's transaction. */
export async function visibleCabinetByNumber(db: Db, ctx: Pick<Ctx, 'principal'>, number: string) {
  const [cabinet] = await db
    .select({ id: cabinets.id, number: cabinets.number, merchantId: cabinets.merchantId, scrapStatus: cabinets.scrapStatus })
    .from(cabinets)
    .where(and(eq(cabinets.number, number), deviceScope(ctx, cabinets.merchantId)));
  return cabinet;
}

/** The id of the cabinet with this number, read inside the caller's statement (the number's unique index). */
export function cabinetIdOfNumber(number: string): SQL<number> {
  return sql<number>`(select ${cabinets.id} from ${cabinets} where ${cabinets.number} = ${number})`;
}

/** The owner of the cabinet with this id, read inside the caller's statement (null: the platform's). */
export function cabinetOwnerOf(cabinetId: SQL): SQL<number | null> {
  return sql<number | null>`(select ${cabinets.merchantId} from ${cabinets} where ${cabinets.id} = ${cabinetId})`;
}

/** The battery a compartment holds, read inside the caller's statement (null when empty). */
export function batteryInCompartment(cabinetId: number, index: number): SQL<number | null> {
  return sql<
    number | null
  >`(select ${cabinetCompartments.batteryId} from ${cabinetCompartments} where ${cabinetCompartments.cabinetId} = ${cabinetId} and ${cabinetCompartments.index} = ${index})`;
}

/** Where a battery sits: its compartment and that compartment's cabinet, when the caller may see the cabinet. */
export async function compartmentOfBattery(db: Db, ctx: Pick<Ctx, 'principal'>, batteryId: number) {
  const [place] = await db
    .select({
      cabinetId: cabinets.id,
      cabinetNumber: cabinets.number,
      merchantId: cabinets.merchantId,
      online: cabinets.online,
      lastReportAt: cabinets.lastReportAt,
      compartment: cabinetCompartments.index,
    })
    .from(cabinetCompartments)
    .innerJoin(cabinets, and(eq(cabinets.id, cabinetCompartments.cabinetId), deviceScope(ctx, cabinets.merchantId)))
    .where(eq(cabinetCompartments.batteryId, batteryId));
  return place;
}

/** Every compartment of every cabinet with the number of the battery it holds (null when empty), cabinets in the order they were registered. */
export async function compartmentsOfCabinets(db: Db) {
  const battery = batteryJoin(cabinetCompartments.batteryId);
  return db
    .select({ cabinet: cabinets.number, index: cabinetCompartments.index, battery: battery.number })
    .from(cabinets)
    .innerJoin(cabinetCompartments, eq(cabinetCompartments.cabinetId, cabinets.id))
    .leftJoin(battery.join.table, battery.join.on)
    .orderBy(asc(cabinets.id), asc(cabinetCompartments.index));
}

/**
 * Every cabinet standing in a station, as registered: its number, merchant and station, and whether
 * it is switched off (no compartment enabled: closed for maintenance; the demo fleet's choice of
 * whole stations, device-link/demo-fleet.ts).
 */
export async function cabinetsInStations(
  db: Db,
): Promise<{ number: string; merchantId: number | null; stationId: number; switchedOff: boolean }[]> {
  const rows = await db
    .select({
      number: cabinets.number,
      merchantId: cabinets.merchantId,
      stationId: cabinets.stationId,
      switchedOff: sql<boolean>`not exists (select 1 from ${cabinetCompartments} where ${cabinetCompartments.cabinetId} = ${cabinets.id} and ${cabinetCompartments.enabled})`,
    })
    .from(cabinets)
    .where(isNotNull(cabinets.stationId))
    .orderBy(asc(cabinets.id));
  return rows.map((row) => ({ ...row, stationId: row.stationId!, switchedOff: row.switchedOff }));
}

/** The numbers of these cabinets. */
export async function cabinetNumbers(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ number: cabinets.number }).from(cabinets).where(inArray(cabinets.id, ids));
  return rows.map((row) => row.number);
}

const slot = (cabinetId: number, index: number) => and(eq(cabinetCompartments.cabinetId, cabinetId), eq(cabinetCompartments.index, index));

/** A compartment of the cabinet, locked for the rest of the caller's transaction; undefined when the cabinet has none of that index. */
export async function lockCompartment(tx: Db, cabinetId: number, index: number) {
  const [compartment] = await tx.select().from(cabinetCompartments).where(slot(cabinetId, index)).for('update');
  return compartment;
}

/** The battery a compartment holds (null when empty); undefined when the cabinet has none of that index. */
export async function compartmentBatteryId(db: Db, cabinetId: number, index: number): Promise<number | null | undefined> {
  const [compartment] = await db
    .select({ batteryId: cabinetCompartments.batteryId })
    .from(cabinetCompartments)
    .where(slot(cabinetId, index));
  return compartment?.batteryId;
}

/** A swap took a battery out of the compartment: the slot is empty, and no compartment names the battery any more. */
export async function takeOutOfCompartment(tx: Db, cabinetId: number, index: number, batteryId: number | undefined): Promise<void> {
  if (batteryId !== undefined)
    await tx.update(cabinetCompartments).set({ batteryId: null }).where(eq(cabinetCompartments.batteryId, batteryId));
  await tx
    .update(cabinetCompartments)
    .set({ batteryId: null, state: 'EMPTY', inPlace: false, batteryLock: 'UNLOCKED', chargerSwitch: 'OFF' })
    .where(slot(cabinetId, index));
}

/**
 * A swap put a battery into the compartment (null: a pack the server does not know): it leaves any
 * other compartment it was last seen in, and is locked in this one, charging unless full.
 */
export async function putIntoCompartment(tx: Db, cabinetId: number, index: number, batteryId: number | null, full: boolean): Promise<void> {
  if (batteryId !== null) await tx.update(cabinetCompartments).set({ batteryId: null }).where(eq(cabinetCompartments.batteryId, batteryId));
  await tx
    .update(cabinetCompartments)
    .set({ batteryId, state: full ? 'FULL' : 'SWAPPABLE', inPlace: true, batteryLock: 'LOCKED', chargerSwitch: full ? 'OFF' : 'ON' })
    .where(slot(cabinetId, index));
}

/**
 * What the device link hears of a cabinet's link (docs/device-protocol.md): gone by its last will or
 * its own word, offline until its next state.
 */
export async function markCabinetGone(db: Db, number: string, onLinkChanged?: () => void): Promise<boolean> {
  const [cabinet] = await changeLink(db, number, sql`online = false, disconnected = true`);
  if (cabinet?.wasOnline) {
    await logLink(db, cabinet, 'deviceLogOffline', new Date());
    onLinkChanged?.();
  }
  return cabinet !== undefined;
}

/**
 * A cabinet reported its state at `reportedAt`: it is online. Telemetry handled before this state
 * may have heard the cabinet later: the latest hearing stays. Answers the cabinet, if registered.
 */
export async function markCabinetHeard(db: Db, number: string, reportedAt: Date, firmwareVersion?: string) {
  const [cabinet] = await changeLink(db, number, heardSet(reportedAt, firmwareVersion));
  if (!cabinet) return undefined;
  if (!cabinet.wasOnline) await logLink(db, cabinet, 'deviceLogOnline', reportedAt);
  return { id: cabinet.id, merchantId: cabinet.merchantId, wasOnline: cabinet.wasOnline };
}

/** A cabinet heard from by its state: online, its last report time, its firmware when it says. */
const heardSet = (reportedAt: Date, firmwareVersion?: string) =>
  sql`online = true, disconnected = false, last_report_at = greatest(c.last_report_at, ${reportedAt.toISOString()}::timestamptz)${
    firmwareVersion ? sql`, firmware_version = ${firmwareVersion}` : sql``
  }`;

/**
 * markCabinetHeard as a piece of the caller's statement (a CTE): returns id, merchant_id and
 * was_online (the row as the statement found it); logCameOnline logs what it returns.
 */
export function heardUpdate(number: string, reportedAt: Date, firmwareVersion?: string): SQL {
  return sql`update ${cabinets} c set ${heardSet(reportedAt, firmwareVersion)}, updated_at = now()
    from ${cabinets} prev where prev.id = c.id and c.number = ${number}
    returning c.id, c.merchant_id, prev.online as was_online`;
}

/** "Came online" in the log of the cabinet `heard` (heardUpdate's rows) when it was not online, as a piece of the caller's statement. */
export function logCameOnline(heard: SQL, at: Date): SQL {
  return insertDeviceLogRows(
    sql`select 'cabinet', id, merchant_id, 'state', ${'deviceLogOnline' satisfies MessageKey}, '{}'::jsonb, ${at.toISOString()}::timestamptz
      from ${heard} where not was_online`,
  );
}

interface LinkChange {
  id: number;
  merchantId: number | null;
  wasOnline: boolean;
}

/** Sets the cabinet's link columns, answering whether it was online before (the row as the statement found it). */
async function changeLink(db: Db, number: string, set: SQL): Promise<LinkChange[]> {
  const result = await db.execute(sql`update ${cabinets} c set ${set}, updated_at = now()
    from ${cabinets} prev where prev.id = c.id and c.number = ${number}
    returning c.id, c.merchant_id as "merchantId", prev.online as "wasOnline"`);
  return (result as { rows: LinkChange[] }).rows;
}

/** A change of the cabinet's link in its log (docs/device-protocol.md, "Device log"). */
function logLink(db: Db, cabinet: LinkChange, text: 'deviceLogOnline' | 'deviceLogOffline', at: Date): Promise<void> {
  return appendDeviceLog(db, { kind: 'state', deviceKind: 'cabinet', deviceId: cabinet.id, merchantId: cabinet.merchantId, text, at });
}

/**
 * Writes each cabinet's latest report onto its row, as one piece of the telemetry batch's single
 * statement (docs/device-protocol.md, "How the server keeps telemetry"). `latest` holds one report
 * per cabinet number with the batch's columns: number, at, humidity, signal, water_alarm,
 * smoke_alarm, temperature, lamp, radiator, supply, external_max, charger_total, meter_count,
 * meter_readings, load. Telemetry is a heartbeat: the cabinet is alive, unless it went away by its
 * last will since (telemetry and state travel apart): then only its next state brings it back.
 * Returns the id, number, owner, type and report time of each cabinet found, and whether it comes back
 * from the sweep's offline (`back`, for logCabinetsBackOnline).
 */
export function applyCabinetReports(latest: SQL): SQL {
  return sql`update ${cabinets} b set humidity = v.humidity, signal = v.signal, water_alarm = v.water_alarm,
      smoke_alarm = v.smoke_alarm, temperature = v.temperature, lamp = v.lamp, radiator_setting = v.radiator,
      supply_status = v.supply, external_max_power = v.external_max, charger_total_power = v.charger_total,
      meter_count = v.meter_count, meter_readings = v.meter_readings, load = v.load,
      online = not b.disconnected, last_report_at = greatest(b.last_report_at, v.at), updated_at = now()
    from ${latest} v, ${cabinets} prev where b.number = v.number and prev.id = b.id
    returning b.id, b.number, b.merchant_id, b.type_id, v.at, (not prev.online and not prev.disconnected) as back`;
}

/**
 * A cabinet the heartbeat sweep took offline, heard again through its telemetry, is online again:
 * "Came online" in its log, as one piece of the batch's statement (`updated`: what
 * applyCabinetReports returned).
 */
export function logCabinetsBackOnline(updated: SQL): SQL {
  return insertDeviceLogRows(
    sql`select 'cabinet', id, merchant_id, 'state', ${'deviceLogOnline' satisfies MessageKey}, '{}'::jsonb, at from ${updated} where back`,
  );
}

/** Cabinets silent for longer than the timeout go offline (a lost link that left no last will): their numbers. */
export async function takeSilentCabinetsOffline(db: Db, timeoutMs: number): Promise<string[]> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - timeoutMs);
  const updated = await db
    .update(cabinets)
    .set({ online: false, updatedAt: now })
    .where(and(sql`${cabinets.online}`, lt(cabinets.lastReportAt, cutoff)))
    .returning({ id: cabinets.id, number: cabinets.number, merchantId: cabinets.merchantId });
  const minutes = Math.max(1, Math.round(timeoutMs / 60_000));
  await appendDeviceLog(
    db,
    updated.map((row) => ({
      kind: 'state' as const,
      deviceKind: 'cabinet' as const,
      deviceId: row.id,
      merchantId: row.merchantId,
      text: 'deviceLogSilent' as const,
      params: { minutes },
      at: now,
    })),
  );
  return updated.map((row) => row.number);
}

/** The cabinets with a known position: id, owner and place (the telemetry demo's vehicles stop at them). */
export async function placedCabinets(db: Db): Promise<{ id: number; merchantId: number | null; lat: number; lng: number }[]> {
  const rows = await db
    .select({ id: cabinets.id, merchantId: cabinets.merchantId, lat: cabinets.latitude, lng: cabinets.longitude })
    .from(cabinets)
    .where(and(isNotNull(cabinets.latitude), isNotNull(cabinets.longitude)));
  return rows.map((row) => ({ ...row, lat: row.lat!, lng: row.lng! }));
}

/** The ids of the first cabinets registered, at most `count`, in order. */
export async function firstCabinetIds(db: Db, count: number): Promise<number[]> {
  const rows = await db.select({ id: cabinets.id }).from(cabinets).orderBy(asc(cabinets.id)).limit(count);
  return rows.map((row) => row.id);
}

/** A cabinet's latest readings (temperature, humidity, online) as one JSON value beside the caller's rows. */
export function cabinetLiveOf(cabinetId: Column | SQL): SQL<Record<string, number | boolean | null> | null> {
  return sql`(select jsonb_build_object('temperature', ${cabinets.temperature}, 'humidity', ${cabinets.humidity}, 'online', ${cabinets.online}) from ${cabinets} where ${cabinets.id} = ${qualified(cabinetId)})`;
}

/** The ids of the cabinets standing in a station, as a subquery beside the caller's station row (cabinet_station_idx). */
export function cabinetIdsInStation(stationId: Column | SQL): SQL {
  return sql`select ${cabinets.id} from ${cabinets} where ${cabinets.stationId} = ${qualified(stationId)}`;
}

/** Of the stations `stationIds` (a subquery) those whose cabinets are all online, at least one (the map's online state), as a subquery. */
export function allOnlineStationIds(stationIds: SQL): SQL {
  return sql`select ${cabinets.stationId} from ${cabinets} where ${cabinets.stationId} in (${stationIds})
    group by ${cabinets.stationId} having bool_and(${cabinets.online})`;
}

/** The stations the cabinets `cabinetIds` (a subquery) stand in, as a subquery. */
export function stationIdsOfCabinets(cabinetIds: SQL): SQL {
  return sql`select ${cabinets.stationId} from ${cabinets} where ${cabinets.id} in (${cabinetIds}) and ${cabinets.stationId} is not null`;
}

/** How many cabinets standing in a station are online now, beside the caller's station row. */
export function onlineCabinetsInStation(stationId: Column | SQL): SQL<number> {
  return sql`(select count(*)::int from ${cabinets} where ${cabinets.stationId} = ${qualified(stationId)} and ${cabinets.online})`;
}

/**
 * The stations whose cabinets together hold at most `atMost` batteries ready to swap (an enabled
 * compartment, swappable or full), with that count: what a business alarm rule on a station's
 * swappable batteries reads (docs/alarms.md, "Business rules"). Scrapped cabinets do not count.
 */
export function stationsWithSwappableAtMost(db: Db, atMost: number): Promise<{ stationId: number; swappable: number }[]> {
  const ready = sql<number>`sum(${cabinets.readyBatteries})::int`;
  return db
    .select({ stationId: sql<number>`${cabinets.stationId}`, swappable: ready })
    .from(cabinets)
    .where(and(isNotNull(cabinets.stationId), sql`${cabinets.scrapStatus} <> 'SCRAPPED'`))
    .groupBy(cabinets.stationId)
    .having(sql`${ready} <= ${atMost}`);
}

/**
 * The stations with the fewest swappable batteries now (the dashboard's ranking): per station its
 * batteries ready to swap (in an enabled compartment of an online cabinet, swappable or full), the
 * batteries standing in its cabinets, and its cabinets; of the cabinets of `merchantId` (null: every
 * owner's). Fewest first, ties by station id.
 */
export function fewestSwappableStations(
  db: Db,
  merchantId: number | null,
  limit: number,
): Promise<{ stationId: number; swappable: number; batteries: number; cabinets: number }[]> {
  // Each cabinet carries its own counts (kept by the compartments' triggers): a station adds up its
  // cabinets, not every compartment (docs/dashboard.md, "Ranking").
  const ready = sql<number>`(sum(${cabinets.readyBatteries}) filter (where ${cabinets.online}))::int`;
  const swappable = sql<number>`coalesce(${ready}, 0)`;
  return db
    .select({
      stationId: sql<number>`${cabinets.stationId}`,
      swappable,
      batteries: sql<number>`sum(${cabinets.standingBatteries})::int`,
      cabinets: sql<number>`count(*)::int`,
    })
    .from(cabinets)
    .where(
      and(
        isNotNull(cabinets.stationId),
        sql`${cabinets.scrapStatus} <> 'SCRAPPED'`,
        merchantId === null ? undefined : eq(cabinets.merchantId, merchantId),
      ),
    )
    .groupBy(cabinets.stationId)
    .orderBy(swappable, cabinets.stationId)
    .limit(limit);
}
