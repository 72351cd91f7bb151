import { sql, type SQL } from 'drizzle-orm';
import type { BatteryTelemetry, CabinetTelemetry, VehicleTelemetry } from '@swap/contracts';
import type { Db } from '../db/client.js';

/** One validated telemetry report waiting to be persisted; `at` is its receive time (µs precision). */
export type TelemetryItem =
  | { kind: 'battery'; number: string; payload: BatteryTelemetry; at: string }
  | { kind: 'vehicle'; number: string; payload: VehicleTelemetry; at: string }
  | { kind: 'cabinet'; number: string; payload: CabinetTelemetry; at: string };

export type TelemetryKind = TelemetryItem['kind'];

let lastMicros = 0;

/**
 * The receive time of a report: the server clock in microseconds, strictly increasing within the
 * process, so reports of one device received in the same millisecond keep their order in history.
 */
export function receiveTime(): string {
  lastMicros = Math.max(Date.now() * 1000, lastMicros + 1);
  const millis = Math.floor(lastMicros / 1000);
  const micros = String(lastMicros % 1000).padStart(3, '0');
  return new Date(millis).toISOString().replace('Z', `${micros}Z`);
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/** The last report of each device in the batch (arrival order): only it reaches the latest state. */
function latestOf<T extends TelemetryItem>(items: T[]): T[] {
  const latest = new Map<string, T>();
  for (const item of items) latest.set(item.number, item);
  return [...latest.values()];
}

/** `jsonb_to_recordset`: a whole batch travels as one parameter, whatever its size. */
const recordset = (rows: object[], columns: string): SQL =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(columns)})`;

async function persistBatteries(tx: Db, items: Extract<TelemetryItem, { kind: 'battery' }>[]): Promise<string[]> {
  const latest = latestOf(items).map(({ number, at, payload: t }) => ({
    number,
    at,
    soc: t.soc,
    voltage: t.voltage,
    current: t.current,
    temperature: t.temperature,
    cell_voltages: t.cellVoltages,
    cycles: t.cycles,
    gsm_signal: t.gsmSignal,
    gps_signal: t.gpsSignal,
    charge_switch: t.chargeSwitch,
    discharge_switch: t.dischargeSwitch,
    latitude: t.position?.lat ?? null,
    longitude: t.position?.lng ?? null,
  }));
  const updated = await tx.execute(sql`
    update battery b set soc = v.soc, voltage = v.voltage, current = v.current, temperature = v.temperature,
      cell_voltages = v.cell_voltages, cycles = v.cycles, gsm_signal = v.gsm_signal, gps_signal = v.gps_signal,
      charge_switch = v.charge_switch, discharge_switch = v.discharge_switch,
      latitude = coalesce(v.latitude, b.latitude), longitude = coalesce(v.longitude, b.longitude),
      last_report_at = v.at, updated_at = now()
    from ${recordset(
      latest,
      'number text, at timestamptz, soc float8, voltage float8, current float8, temperature float8, cell_voltages jsonb, cycles int, gsm_signal int, gps_signal int, charge_switch text, discharge_switch text, latitude float8, longitude float8',
    )}
    where b.number = v.number
    returning b.number`);
  const history = items.map(({ number, at, payload: t }) => ({
    number,
    at,
    soc: t.soc,
    voltage: t.voltage,
    current: t.current,
    temperature: t.temperature,
    latitude: t.position?.lat ?? null,
    longitude: t.position?.lng ?? null,
  }));
  await tx.execute(sql`
    insert into battery_telemetry (battery_id, at, latitude, longitude, soc, voltage, current, temperature)
    select b.id, v.at, v.latitude, v.longitude, v.soc, v.voltage, v.current, v.temperature
    from ${recordset(history, 'number text, at timestamptz, latitude float8, longitude float8, soc real, voltage real, current real, temperature real')}
    join battery b on b.number = v.number`);
  return rowsOf<{ number: string }>(updated).map((r) => r.number);
}

async function persistVehicles(tx: Db, items: Extract<TelemetryItem, { kind: 'vehicle' }>[]): Promise<string[]> {
  const latest = latestOf(items).map(({ number, payload: t }) => ({
    number,
    latitude: t.position.lat,
    longitude: t.position.lng,
    acc: t.acc,
    // An absent fault keeps the one on record; null clears it.
    has_fault: t.fault !== undefined,
    fault: t.fault ?? null,
  }));
  const updated = await tx.execute(sql`
    update vehicle b set latitude = v.latitude, longitude = v.longitude, acc_state = v.acc,
      fault = case when v.has_fault then v.fault else b.fault end, updated_at = now()
    from ${recordset(latest, 'number text, latitude float8, longitude float8, acc text, has_fault boolean, fault text')}
    where b.number = v.number
    returning b.number`);
  const history = items.map(({ number, at, payload: t }) => ({
    number,
    at,
    latitude: t.position.lat,
    longitude: t.position.lng,
    speed: t.speed,
    acc: t.acc,
  }));
  await tx.execute(sql`
    insert into vehicle_telemetry (vehicle_id, at, latitude, longitude, speed, acc)
    select b.id, v.at, v.latitude, v.longitude, v.speed, v.acc
    from ${recordset(history, 'number text, at timestamptz, latitude float8, longitude float8, speed real, acc text')}
    join vehicle b on b.number = v.number`);
  return rowsOf<{ number: string }>(updated).map((r) => r.number);
}

async function persistCabinets(tx: Db, items: Extract<TelemetryItem, { kind: 'cabinet' }>[]): Promise<string[]> {
  const latest = latestOf(items).map(({ number, at, payload: t }) => ({
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
  }));
  // Telemetry is a heartbeat: the cabinet is alive, unless it went away by its last will since
  // (telemetry and state travel apart, link.ts): then only its next state brings it back.
  const updated = await tx.execute(sql`
    update cabinet b set humidity = v.humidity, signal = v.signal, water_alarm = v.water_alarm, smoke_alarm = v.smoke_alarm,
      temperature = v.temperature, lamp = v.lamp, radiator_setting = v.radiator, supply_status = v.supply,
      external_max_power = v.external_max, charger_total_power = v.charger_total, meter_count = v.meter_count,
      meter_readings = v.meter_readings, load = v.load,
      online = not b.disconnected, last_report_at = greatest(b.last_report_at, v.at), updated_at = now()
    from ${recordset(
      latest,
      'number text, at timestamptz, humidity float8, signal int, water_alarm boolean, smoke_alarm boolean, temperature float8, lamp text, radiator text, supply text, external_max float8, charger_total float8, meter_count int, meter_readings jsonb, load float8',
    )}
    where b.number = v.number
    returning b.number`);
  const history = items.map(({ number, at, payload: t }) => ({
    number,
    at,
    temperature: t.temperature,
    humidity: t.humidity,
    load: t.load,
    signal: t.signal,
    water_alarm: t.waterAlarm,
    smoke_alarm: t.smokeAlarm,
  }));
  await tx.execute(sql`
    insert into cabinet_telemetry (cabinet_id, at, temperature, humidity, load, signal, water_alarm, smoke_alarm)
    select b.id, v.at, v.temperature, v.humidity, v.load, v.signal, v.water_alarm, v.smoke_alarm
    from ${recordset(history, 'number text, at timestamptz, temperature real, humidity real, load real, signal int, water_alarm boolean, smoke_alarm boolean')}
    join cabinet b on b.number = v.number`);
  return rowsOf<{ number: string }>(updated).map((r) => r.number);
}

/**
 * Persists a batch of telemetry in one transaction: per kind, one UPDATE of the latest state of
 * every device in the batch and one INSERT of every report into its history. Answers the
 * registered devices as `kind/number`; reports of unknown devices are left out of both.
 */
export async function persistTelemetry(db: Db, items: TelemetryItem[]): Promise<Set<string>> {
  const of = <K extends TelemetryKind>(kind: K) => items.filter((i): i is Extract<TelemetryItem, { kind: K }> => i.kind === kind);
  const batteries = of('battery');
  const vehicles = of('vehicle');
  const cabinets = of('cabinet');
  const registered = new Set<string>();
  await db.transaction(async (tx) => {
    const add = (kind: TelemetryKind, numbers: string[]) => numbers.forEach((n) => registered.add(`${kind}/${n}`));
    if (batteries.length) add('battery', await persistBatteries(tx, batteries));
    if (vehicles.length) add('vehicle', await persistVehicles(tx, vehicles));
    if (cabinets.length) add('cabinet', await persistCabinets(tx, cabinets));
  });
  return registered;
}
