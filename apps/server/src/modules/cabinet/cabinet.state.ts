import { sql, type SQL } from 'drizzle-orm';
import type { CabinetState, CompartmentReport, SwapRecordFailureCode } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { batteriesByNumber } from '../battery/index.js';
import { appendDeviceLog } from '../device-log/index.js';
import { markCabinetGone, markCabinetHeard } from './cabinet.refs.js';

/** A reported slot as `jsonb_to_recordset` reads it (column names as in cabinet_compartment). */
const SLOT_COLUMNS =
  'idx int, state text, door_lock text, battery_lock text, in_place boolean, charger_switch text, voltage float8, current float8, ' +
  'temperature float8, preset float8, indicator text, fault text, nfc_switch text, enabled boolean, battery_number text';

/**
 * The reported slots with the id of the battery each holds: null when empty, not registered, or of
 * another owner than the cabinet's (`other_owner`; such a pack is never bound to the slot).
 */
function reportedSlots(compartments: CompartmentReport[], merchantId: number | null): SQL {
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
  const owner = sql`${merchantId}::int`;
  return sql`select v.*, case when b.merchant_id is not distinct from ${owner} then b.id end as battery_id,
      (b.id is not null and b.merchant_id is distinct from ${owner}) as other_owner
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(SLOT_COLUMNS)})
    left join ${batteriesByNumber()} b on b.number = v.battery_number`;
}

/**
 * A slot holding another owner's pack shows this fault (the refusal's code) in place of the
 * device's own, so staff see on the cabinet's grid why the pack is not counted as the cabinet's.
 */
const OTHER_OWNER_FAULT: SwapRecordFailureCode = 'BATTERY_OTHER_OWNER';

/** Told of the other owners' packs a state reports (the device link logs and audits them). */
export type OtherOwnersHeard = (
  tx: Db,
  cabinet: { number: string; merchantId: number | null },
  slots: { idx: number; battery_number: string }[],
) => Promise<void>;

/**
 * Online with its compartments, or offline (last will): a cabinet offline by its own word stays so
 * until its next state, whatever telemetry is still on its way (modules/telemetry/telemetry.ingest.ts). Answers whether the
 * cabinet is registered (a row was updated). `reportedAt` is when the server may say it
 * last heard the cabinet. A state arrives on every change and before every command's success, so it
 * costs three statements whatever the number of slots, and rewrites only the slots that changed.
 * A pack of another owner than the cabinet's is not bound to its slot and stays where it was.
 * `onLinkChanged` hears when the state took the cabinet online or offline (the fleet map's state).
 */
export async function applyCabinetState(
  db: Db,
  number: string,
  state: CabinetState,
  reportedAt: Date,
  otherOwnersHeard: OtherOwnersHeard,
  onLinkChanged?: () => void,
): Promise<boolean> {
  if (!state.online) return markCabinetGone(db, number, onLinkChanged);
  const stored = await db.transaction(async (tx) => {
    const cabinet = await markCabinetHeard(tx, number, reportedAt, state.firmwareVersion);
    if (!cabinet) return undefined;
    const reported = reportedSlots(state.compartments, cabinet.merchantId);
    // Slots first emptied, then filled, so a pack moving between slots never collides: a reported
    // pack leaves the slot of another cabinet it was last seen in, and a slot of this cabinet whose
    // pack changed (or that is not reported) empties. The same statement names the other owners' packs.
    const emptied = await tx.execute(sql`with reported as (${reported}), emptied as (
      update cabinet_compartment cc set battery_id = null
      where cc.battery_id is not null and (
        (cc.cabinet_id <> ${cabinet.id} and cc.battery_id in (select battery_id from reported where battery_id is not null))
        or (cc.cabinet_id = ${cabinet.id} and cc.battery_id is distinct from (select r.battery_id from reported r where r.idx = cc.idx limit 1)))
      returning 1)
      select idx, battery_number from reported where other_owner order by idx`);
    const otherOwners = (emptied as { rows: { idx: number; battery_number: string }[] }).rows;
    await otherOwnersHeard(tx, { number, merchantId: cabinet.merchantId }, otherOwners);
    const changed = await tx.execute(sql`with reported as (${reported})
      update cabinet_compartment cc set state = r.state, door_lock = r.door_lock, battery_lock = r.battery_lock,
        in_place = r.in_place, charger_switch = r.charger_switch, voltage = r.voltage, current = r.current,
        temperature = r.temperature, preset = r.preset, indicator = r.indicator, fault = r.shown_fault,
        nfc_switch = r.nfc_switch, enabled = r.enabled, battery_id = r.battery_id
      from (select *, case when other_owner then ${OTHER_OWNER_FAULT} else fault end as shown_fault from reported) r,
        cabinet_compartment prev
      where cc.cabinet_id = ${cabinet.id} and cc.idx = r.idx and prev.id = cc.id
        and (cc.state, cc.door_lock, cc.battery_lock, cc.in_place, cc.charger_switch, cc.voltage, cc.current, cc.temperature,
          cc.preset, cc.indicator, cc.fault, cc.nfc_switch, cc.enabled, cc.battery_id)
        is distinct from (r.state, r.door_lock, r.battery_lock, r.in_place, r.charger_switch, r.voltage, r.current, r.temperature,
          r.preset, r.indicator, r.shown_fault, r.nfc_switch, r.enabled, r.battery_id)
      returning cc.idx, prev.door_lock as was, cc.door_lock as now`);
    // A door opened or closed is written to the cabinet's log (docs/device-protocol.md, "Device log").
    const doors = (changed as { rows: { idx: number; was: string; now: string }[] }).rows.filter((row) => row.was !== row.now);
    await appendDeviceLog(
      tx,
      doors
        .sort((a, b) => a.idx - b.idx)
        .map((door) => ({
          kind: 'state' as const,
          deviceKind: 'cabinet' as const,
          deviceId: cabinet.id,
          merchantId: cabinet.merchantId,
          text: door.now === 'UNLOCKED' ? ('deviceLogDoorOpened' as const) : ('deviceLogDoorClosed' as const),
          params: { compartment: door.idx },
          at: reportedAt,
        })),
    );
    return cabinet;
  });
  // Told once the state is committed: a cabinet that was offline is online now.
  if (stored && !stored.wasOnline) onLinkChanged?.();
  return stored !== undefined;
}
