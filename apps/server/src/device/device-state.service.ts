import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { CabinetState, CompartmentReport } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { cabinets } from '../modules/cabinet/index.js';

/**
 * Persists the latest state a device reports (telemetry goes in batches: telemetry-ingest.ts). Each function answers whether the device is
 * registered (a row was updated), so the gateway can log "cabinet not registered" and drop.
 */

/** A reported slot as `jsonb_to_recordset` reads it (column names as in cabinet_compartment). */
const SLOT_COLUMNS =
  'idx int, state text, door_lock text, battery_lock text, in_place boolean, charger_switch text, voltage float8, current float8, ' +
  'temperature float8, preset float8, indicator text, fault text, nfc_switch text, enabled boolean, battery_number text';

/** The reported slots with the id of the battery each holds (null when empty or not registered). */
function reportedSlots(compartments: CompartmentReport[]): SQL {
  const rows = compartments.map((c) => ({
    idx: c.index,
    state: c.state,
    door_lock: c.doorLock,
    battery_lock: c.batteryLock,
    in_place: c.inPlace,
    charger_switch: c.chargerSwitch,
    voltage: c.voltage,
    current: c.current,
    temperature: c.temperature,
    preset: c.preset,
    indicator: c.indicator,
    fault: c.fault,
    nfc_switch: c.nfcSwitch,
    enabled: c.enabled,
    battery_number: c.batteryNumber,
  }));
  return sql`select v.*, b.id as battery_id
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(SLOT_COLUMNS)})
    left join battery b on b.number = v.battery_number`;
}

/**
 * Online with its compartments, or offline (last will): a cabinet offline by its own word stays so
 * until its next state, whatever telemetry is still on its way (telemetry-ingest.ts). `reportedAt` is when the server may say it
 * last heard the cabinet. A state arrives on every change and before every command's success, so it
 * costs three statements whatever the number of slots, and rewrites only the slots that changed.
 */
export async function applyCabinetState(db: Db, number: string, state: CabinetState, reportedAt: Date): Promise<boolean> {
  if (!state.online) {
    const updated = await db
      .update(cabinets)
      .set({ online: false, disconnected: true, updatedAt: new Date() })
      .where(eq(cabinets.number, number))
      .returning({ id: cabinets.id });
    return updated.length > 0;
  }
  return db.transaction(async (tx) => {
    const [cabinet] = await tx
      .update(cabinets)
      // Telemetry handled before this state may have heard the cabinet later: the latest hearing stays.
      .set({
        online: true,
        disconnected: false,
        lastReportAt: sql`greatest(${cabinets.lastReportAt}, ${reportedAt.toISOString()}::timestamptz)`,
        updatedAt: new Date(),
      })
      .where(eq(cabinets.number, number))
      .returning({ id: cabinets.id });
    if (!cabinet) return false;
    const reported = reportedSlots(state.compartments);
    // Slots first emptied, then filled, so a pack moving between slots never collides: a reported
    // pack leaves the slot of another cabinet it was last seen in, and a slot of this cabinet whose
    // pack changed (or that is not reported) empties.
    await tx.execute(sql`with reported as (${reported})
      update cabinet_compartment cc set battery_id = null
      where cc.battery_id is not null and (
        (cc.cabinet_id <> ${cabinet.id} and cc.battery_id in (select battery_id from reported where battery_id is not null))
        or (cc.cabinet_id = ${cabinet.id} and cc.battery_id is distinct from (select r.battery_id from reported r where r.idx = cc.idx limit 1)))`);
    await tx.execute(sql`with reported as (${reported})
      update cabinet_compartment cc set state = r.state, door_lock = r.door_lock, battery_lock = r.battery_lock,
        in_place = r.in_place, charger_switch = r.charger_switch, voltage = r.voltage, current = r.current,
        temperature = r.temperature, preset = r.preset, indicator = r.indicator, fault = r.fault,
        nfc_switch = r.nfc_switch, enabled = r.enabled, battery_id = r.battery_id
      from reported r
      where cc.cabinet_id = ${cabinet.id} and cc.idx = r.idx
        and (cc.state, cc.door_lock, cc.battery_lock, cc.in_place, cc.charger_switch, cc.voltage, cc.current, cc.temperature,
          cc.preset, cc.indicator, cc.fault, cc.nfc_switch, cc.enabled, cc.battery_id)
        is distinct from (r.state, r.door_lock, r.battery_lock, r.in_place, r.charger_switch, r.voltage, r.current, r.temperature,
          r.preset, r.indicator, r.fault, r.nfc_switch, r.enabled, r.battery_id)`);
    return true;
  });
}

/** Cabinets silent for longer than the timeout go offline (a lost link that left no last will). */
export async function markSilentCabinetsOffline(db: Db, timeoutMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - timeoutMs);
  const updated = await db
    .update(cabinets)
    .set({ online: false, updatedAt: new Date() })
    .where(and(sql`${cabinets.online}`, lt(cabinets.lastReportAt, cutoff)))
    .returning({ id: cabinets.id });
  return updated.length;
}
