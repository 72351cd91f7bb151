import { sql, type SQL } from 'drizzle-orm';
import {
  BACKLOG_MAX_AHEAD_MS,
  BACKLOG_MAX_DAYS,
  type BatteryTelemetry,
  type CabinetTelemetry,
  type VehicleTelemetry,
} from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { applyBatteryReports, findBatteryReporters } from '../battery/index.js';
import { applyVehicleReports, findVehicleReporters } from '../vehicle/index.js';
import { applyCabinetReports, logCabinetsBackOnline } from '../cabinet/index.js';
import { retentionDays } from './telemetry.service.js';

/**
 * One validated telemetry report waiting to be persisted; `at` is its receive time (µs precision),
 * or for a reading of a backlog (`buffered`), the device's own time (docs/device-protocol.md, "Backlog").
 */
export type TelemetryItem =
  | { kind: 'battery'; number: string; payload: BatteryTelemetry; at: string; buffered?: true }
  | { kind: 'vehicle'; number: string; payload: VehicleTelemetry; at: string; buffered?: true }
  | { kind: 'cabinet'; number: string; payload: CabinetTelemetry; at: string; buffered?: true };

export type TelemetryKind = TelemetryItem['kind'];

/** A device a telemetry batch reported for, as the write found it. */
export interface ReportingDevice {
  id: number;
  number: string;
  merchantId: number | null;
  typeId: number;
  /** The device's alarms not cleared, as `alongside` read them in the same statement (JSON text; '[]': none). */
  alarms?: string;
}

/**
 * What the write reads beside each kind's devices, in its own statement: a SELECT of `device_id`
 * and `rows` (one JSON text per device) over the ids `devices` names, or none for that kind (the
 * alarm rules' read, docs/alarms.md, "Evaluation").
 */
export type AlongsideRead = (kind: TelemetryKind, devices: SQL) => SQL | undefined;

let lastMicros = 0;
/** The millisecond of the last receive time and its ISO text up to the milliseconds: reports come many a millisecond. */
let headMillis = Number.NaN;
let head = '';

/**
 * The receive time of a report: the server clock in microseconds, strictly increasing within the
 * process, so reports of one device received in the same millisecond keep their order in history.
 */
export function receiveTime(): string {
  lastMicros = Math.max(Date.now() * 1000, lastMicros + 1);
  const millis = Math.floor(lastMicros / 1000);
  if (millis !== headMillis) {
    headMillis = millis;
    head = new Date(millis).toISOString().slice(0, -1);
  }
  return `${head}${String(lastMicros % 1000).padStart(3, '0')}Z`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

type ItemOf<K extends TelemetryKind> = Extract<TelemetryItem, { kind: K }>;

/**
 * How one kind's reports are written: the row each report becomes (one shape serves the latest
 * state and the history), its column types for `json_to_recordset`, and the two statements as
 * CTE bodies reading the reports from `reports` and the last report of each device from `latest`.
 */
interface KindWriter<K extends TelemetryKind> {
  /** `latest`: the device's last live report of the batch, the one its row takes (so the one that needs what only the row keeps). */
  row(item: ItemOf<K>, latest: boolean): object;
  columns: string;
  /** UPDATE of the device table from `latest`, returning the id, number, merchant_id and type_id of each device it found: the owning module's piece. */
  update(latest: SQL): SQL;
  /** SELECT of the id, number, merchant_id and type_id of each device `reports` names, for a backlog (no device row changes); none: kind keeps no backlog. */
  find?: (reports: SQL) => SQL;
  /** INSERT of every report into the history from `reports`, joined to the devices `updated` found; `onlyNew` leaves out those already there. */
  insert(reports: SQL, updated: SQL, onlyNew: boolean): SQL;
  /** A write into the devices' logs from what `updated` returned (live reports only): the owning module's piece. */
  log?: (updated: SQL) => SQL;
}

/** A backlog delivered again (QoS 1 is at least once) adds nothing: a reading already in the history at that time is left out. */
const notKept = (onlyNew: boolean, table: string, device: string) =>
  onlyNew ? sql.raw(` where not exists (select 1 from ${table} h where h.${device} = b.id and h.at = v.at)`) : sql``;

const WRITERS: { [K in TelemetryKind]: KindWriter<K> } = {
  battery: {
    row: ({ number, at, payload: t }, latest) => ({
      number,
      at,
      soc: t.soc,
      voltage: t.voltage,
      current: t.current,
      temperature: t.temperature,
      // Kept on the battery's row only, not in the history: sent for its last report alone.
      cell_voltages: latest ? t.cellVoltages : null,
      cycles: t.cycles,
      gsm_signal: t.gsmSignal,
      gps_signal: t.gpsSignal,
      charge_switch: t.chargeSwitch,
      discharge_switch: t.dischargeSwitch,
      latitude: t.position?.lat ?? null,
      longitude: t.position?.lng ?? null,
    }),
    // cell_voltages is read as json (its text as sent) and becomes jsonb where the row takes it: a
    // jsonb field of the record set costs a text round trip for every report (docs/device-protocol.md,
    // "How the server keeps telemetry").
    columns:
      'number text, at timestamptz, soc float8, voltage float8, current float8, temperature float8, cell_voltages json, cycles int, gsm_signal int, gps_signal int, charge_switch text, discharge_switch text, latitude float8, longitude float8',
    update: applyBatteryReports,
    find: findBatteryReporters,
    insert: (
      reports,
      updated,
      onlyNew,
    ) => sql`insert into battery_telemetry (battery_id, at, latitude, longitude, soc, voltage, current, temperature)
      select b.id, v.at, v.latitude, v.longitude, v.soc, v.voltage, v.current, v.temperature
      from ${reports} v join ${updated} b on b.number = v.number${notKept(onlyNew, 'battery_telemetry', 'battery_id')}`,
  },
  vehicle: {
    row: ({ number, at, payload: t }) => ({
      number,
      at,
      latitude: t.position.lat,
      longitude: t.position.lng,
      speed: t.speed,
      acc: t.acc,
      soc: t.soc ?? null,
      // An absent fault keeps the one on record; null clears it.
      has_fault: t.fault !== undefined,
      fault: t.fault ?? null,
    }),
    columns:
      'number text, at timestamptz, latitude float8, longitude float8, speed float8, acc text, soc float8, has_fault boolean, fault text',
    update: applyVehicleReports,
    find: findVehicleReporters,
    insert: (reports, updated, onlyNew) => sql`insert into vehicle_telemetry (vehicle_id, at, latitude, longitude, speed, acc, soc)
      select b.id, v.at, v.latitude, v.longitude, v.speed, v.acc, v.soc
      from ${reports} v join ${updated} b on b.number = v.number${notKept(onlyNew, 'vehicle_telemetry', 'vehicle_id')}`,
  },
  cabinet: {
    row: ({ number, at, payload: t }) => ({
      number,
      at,
      humidity: t.humidity,
      signal: t.signal,
      water_alarm: t.waterAlarm,
      smoke_alarm: t.smokeAlarm,
      temperature: t.temperature,
      lamp: t.lamp,
      radiator: t.radiator,
      supply: t.supply,
      external_max: t.power.externalMax,
      charger_total: t.power.chargerTotal,
      meter_count: t.meters.length,
      meter_readings: t.meters,
      load: t.load,
    }),
    columns:
      'number text, at timestamptz, humidity float8, signal int, water_alarm boolean, smoke_alarm boolean, temperature float8, lamp text, radiator text, supply text, external_max float8, charger_total float8, meter_count int, meter_readings json, load float8',
    update: applyCabinetReports,
    log: logCabinetsBackOnline,
    insert: (
      reports,
      updated,
    ) => sql`insert into cabinet_telemetry (cabinet_id, at, temperature, humidity, load, signal, water_alarm, smoke_alarm)
      select b.id, v.at, v.temperature, v.humidity, v.load, v.signal, v.water_alarm, v.smoke_alarm
      from ${reports} v join ${updated} b on b.number = v.number`,
  },
};

const KINDS = Object.keys(WRITERS) as TelemetryKind[];

/**
 * Persists a batch of telemetry in one statement (so one round trip, atomic without a transaction
 * block): per kind, the batch's reports travel as one JSON parameter, whatever their number; one
 * UPDATE writes the last report of each device (receive times increase, so the latest is the last
 * received) and one INSERT every report into the history. A backlog's readings (`buffered`) go to
 * the history only, once per device and time, and never change the device's row (the live state is
 * the live reports'). Answers the registered devices by `kind/number`, with their id, owner and type
 * (what the alarm rules read: docs/alarms.md, "Evaluation"), and with `alongside` what it reads of
 * them (their alarms not cleared); reports of unknown devices are left out.
 */
export async function persistTelemetry(db: Db, items: TelemetryItem[], alongside?: AlongsideRead): Promise<Map<string, ReportingDevice>> {
  const ctes: SQL[] = [];
  const found: SQL[] = [];
  for (const kind of KINDS) {
    const writer = WRITERS[kind] as KindWriter<TelemetryKind>;
    for (const buffered of [false, true]) {
      const sent = items.filter((item) => item.kind === kind && (item.buffered === true) === buffered);
      if (sent.length === 0) continue;
      // Each device's latest live report, which its row takes (as `latest` below picks it).
      const last = new Map<string, TelemetryItem>();
      if (!buffered)
        for (const item of sent) {
          const kept = last.get(item.number);
          if (!kept || item.at >= kept.at) last.set(item.number, item);
        }
      const rows = sent.map((item) => writer.row(item, last.get(item.number) === item));
      const name = (part: string) => sql.raw(`${kind}_${buffered ? 'backlog_' : ''}${part}`);
      const [reports, latest, updated, inserted] = [name('reports'), name('latest'), name('updated'), name('inserted')];
      // json, not jsonb: read once as it streams, without building the binary form first (docs/device-protocol.md).
      const recordset = sql`select * from json_to_recordset(${JSON.stringify(rows)}::json) as r(${sql.raw(writer.columns)})`;
      if (buffered && writer.find) {
        ctes.push(
          sql`${reports} as materialized (select distinct on (number, at) * from (${recordset}) r order by number, at)`,
          sql`${updated} as (${writer.find(reports)})`,
          sql`${inserted} as (${writer.insert(reports, updated, true)})`,
        );
      } else if (!buffered) {
        ctes.push(
          sql`${reports} as materialized (${recordset})`,
          sql`${latest} as (select distinct on (number) * from ${reports} order by number, at desc)`,
          sql`${updated} as (${writer.update(latest)})`,
          sql`${inserted} as (${writer.insert(reports, updated, false)})`,
        );
        if (writer.log) ctes.push(sql`${name('logged')} as (${writer.log(updated)})`);
      } else continue;
      const read = alongside?.(kind, sql`select id from ${updated}`);
      found.push(
        read
          ? sql`select ${kind}::text as kind, u.number, u.id, u.merchant_id, u.type_id, coalesce(r.rows, '[]') as alarms from ${updated} u left join (${read}) r on r.device_id = u.id`
          : sql`select ${kind}::text as kind, number, id, merchant_id, type_id${alongside ? sql`, null::text as alarms` : sql``} from ${updated}`,
      );
    }
  }
  if (ctes.length === 0) return new Map();
  const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)} ${sql.join(found, sql` union all `)}`);
  const rows = rowsOf<{ kind: string; number: string; id: number; merchant_id: number | null; type_id: number; alarms?: string | null }>(
    result,
  );
  return new Map(
    rows.map((row) => [
      `${row.kind}/${row.number}`,
      {
        id: row.id,
        number: row.number,
        merchantId: row.merchant_id,
        typeId: row.type_id,
        ...(typeof row.alarms === 'string' ? { alarms: row.alarms } : {}),
      },
    ]),
  );
}

/**
 * The times a backlog reading may carry (docs/device-protocol.md, "Backlog"): from the start of the
 * retention (the `telemetry_retention` days, or BACKLOG_MAX_DAYS when the setting keeps everything)
 * to BACKLOG_MAX_AHEAD_MS past `now` (device clock drift; such a reading is kept at `now`).
 */
export async function backlogWindow(db: Db, now = new Date()): Promise<{ from: number; until: number }> {
  const days = (await retentionDays(db)) ?? BACKLOG_MAX_DAYS;
  return { from: now.getTime() - days * 86_400_000, until: now.getTime() + BACKLOG_MAX_AHEAD_MS };
}

/**
 * The readings of a backlog as telemetry items at their own times, those within the window only;
 * answers how many were outside it too.
 */
export function backlogItems(
  kind: 'battery' | 'vehicle',
  number: string,
  readings: readonly (BatteryTelemetry | VehicleTelemetry)[],
  window: { from: number; until: number },
  now = Date.now(),
): { items: TelemetryItem[]; outside: number } {
  const items: TelemetryItem[] = [];
  for (const payload of readings) {
    const at = Date.parse(payload.ts);
    if (!(at >= window.from && at <= window.until)) continue;
    items.push({ kind, number, payload, at: new Date(Math.min(at, now)).toISOString(), buffered: true } as TelemetryItem);
  }
  return { items, outside: readings.length - items.length };
}
