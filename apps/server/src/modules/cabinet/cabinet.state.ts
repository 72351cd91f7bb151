import { sql, type SQL } from 'drizzle-orm';
import type { CabinetState, CompartmentReport, MessageKey, SwapRecordFailureCode } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../app/errors.js';
import { batteriesByNumber } from '../battery/index.js';
import { insertDeviceLogRows } from '../device-log/index.js';
import { heardUpdate, logCameOnline, markCabinetGone, markCabinetHeard } from './cabinet.refs.js';

/** A reported slot as `jsonb_to_recordset` reads it (column names as in cabinet_compartment). */
const SLOT_COLUMNS =
  'idx int, state text, door_lock text, battery_lock text, in_place boolean, charger_switch text, voltage float8, current float8, ' +
  'temperature float8, preset float8, indicator text, fault text, nfc_switch text, enabled boolean, battery_number text';

/**
 * The reported slots with the id of the battery each holds: null when empty, not registered, or of
 * another owner than the cabinet's (`owner`; `other_owner`: such a pack is never bound to the slot).
 */
function reportedSlots(compartments: CompartmentReport[], owner: SQL): SQL {
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

/**
 * The other owners' packs a state reports (the device link logs and audits them): `known` answers
 * those last heard of the cabinet, as `idx:number` by slot, comma-separated ('' for none); `heard`
 * is told, in the state's transaction, when a state names others than those.
 */
export interface OtherOwners {
  known(number: string): string;
  heard(tx: Db, cabinet: { number: string; merchantId: number | null }, slots: { idx: number; battery_number: string }[]): Promise<void>;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A yes-or-no question of the caller's (a boolean SQL expression) asked in the state's own
 * statement, so it costs no round trip of its own: `answer` hears it when that statement stored the
 * state, and is not called otherwise (the caller asks as it did before).
 */
export interface AskedWithState {
  question: SQL<boolean>;
  answer(yes: boolean): void;
}

/** A reported slot's columns written to its compartment, the other owners' packs with their fault. */
const SLOT_SET = sql.raw(`state = r.state, door_lock = r.door_lock, battery_lock = r.battery_lock,
  in_place = r.in_place, charger_switch = r.charger_switch, voltage = r.voltage, current = r.current,
  temperature = r.temperature, preset = r.preset, indicator = r.indicator, fault = r.shown_fault,
  nfc_switch = r.nfc_switch, enabled = r.enabled, battery_id = r.battery_id`);

/** Only a compartment whose reported columns differ is rewritten. */
const SLOT_DIFFERS =
  sql.raw(`(cc.state, cc.door_lock, cc.battery_lock, cc.in_place, cc.charger_switch, cc.voltage, cc.current, cc.temperature,
    cc.preset, cc.indicator, cc.fault, cc.nfc_switch, cc.enabled, cc.battery_id)
  is distinct from (r.state, r.door_lock, r.battery_lock, r.in_place, r.charger_switch, r.voltage, r.current, r.temperature,
    r.preset, r.indicator, r.shown_fault, r.nfc_switch, r.enabled, r.battery_id)`);

const shownSlots = (reported: SQL) =>
  sql`(select *, case when other_owner then ${OTHER_OWNER_FAULT} else fault end as shown_fault from ${reported} slot)`;

/** The cabinet's opened and closed doors in its log (docs/device-protocol.md, "Device log"), from `changed` (idx, was, now). */
const doorLog = (changed: SQL, cabinetId: SQL, merchantId: SQL, at: Date) =>
  insertDeviceLogRows(sql`select 'cabinet', ${cabinetId}, ${merchantId}, 'state',
      case when d.now = 'UNLOCKED' then ${'deviceLogDoorOpened' satisfies MessageKey} else ${'deviceLogDoorClosed' satisfies MessageKey} end,
      jsonb_build_object('compartment', d.idx), ${at.toISOString()}::timestamptz
    from ${changed} d where d.was <> d.now order by d.idx`);

/**
 * Online with its compartments, or offline (last will): a cabinet offline by its own word stays so
 * until its next state, whatever telemetry is still on its way (modules/telemetry/telemetry.ingest.ts). Answers whether the
 * cabinet is registered (a row was updated). `reportedAt` is when the server may say it
 * last heard the cabinet. A state arrives on every change and before every command's success, so it
 * is one statement whatever the number of slots (docs/device-protocol.md, "Cabinet state"), and
 * rewrites only the slots that changed. A pack of another owner than the cabinet's is not bound to
 * its slot and stays where it was. `onLinkChanged` hears when the state took the cabinet online or
 * offline (the fleet map's state).
 */
export async function applyCabinetState(
  db: Db,
  number: string,
  state: CabinetState,
  reportedAt: Date,
  otherOwners: OtherOwners,
  onLinkChanged?: () => void,
  asked?: AskedWithState,
): Promise<boolean> {
  if (!state.online) return markCabinetGone(db, number, onLinkChanged);
  let heard: { wasOnline: boolean; stored: boolean } | undefined | 'collided';
  try {
    heard = await storeInOneStatement(db, number, state, reportedAt, otherOwners.known(number), asked);
  } catch (error) {
    // A pack that moved between two slots of the cabinet collides with itself within one statement
    // (the unique pack per slot is checked row by row): the transaction below empties slots first.
    if (!isUniqueViolation(error)) throw error;
    heard = 'collided';
  }
  if (heard === undefined) return false;
  if (heard === 'collided' || !heard.stored) {
    const stored = await storeInSteps(db, number, state, reportedAt, otherOwners);
    if (stored === undefined) return false;
    heard = { wasOnline: (heard === 'collided' || heard.wasOnline) && stored.wasOnline, stored: true };
  }
  // Told once the state is committed: a cabinet that was offline is online now.
  if (!heard.wasOnline) onLinkChanged?.();
  return true;
}

/**
 * The usual state in one statement, so one round trip and atomic without a transaction block: the
 * cabinet heard (and "Came online" in its log), a reported pack released from the slot of another
 * cabinet it was last seen in, this cabinet's unreported slots emptied, the changed slots rewritten
 * and their doors logged. The compartments are written only when the other owners' packs it names
 * are those already heard of (`known`), nearly always none: else `stored` is false, the cabinet
 * only marked heard, and the caller stores it in steps, which tells of them.
 */
async function storeInOneStatement(
  db: Db,
  number: string,
  state: Extract<CabinetState, { online: true }>,
  reportedAt: Date,
  known: string,
  asked: AskedWithState | undefined,
): Promise<{ wasOnline: boolean; stored: boolean } | undefined> {
  const [cabinet] = rowsOf<{ was_online: boolean; stored: boolean; asked?: boolean }>(
    await db.execute(sql`with cab as (${heardUpdate(number, reportedAt, state.firmwareVersion)}),
      reported as materialized (${reportedSlots(state.compartments, sql`(select merchant_id from cab)`)}),
      go as (select coalesce(string_agg(idx || ':' || battery_number, ',' order by idx) filter (where other_owner), '') = ${known} as ok from reported),
      emptied as (update cabinet_compartment cc set battery_id = null
        where (select ok from go) and cc.cabinet_id <> (select id from cab)
          and cc.battery_id in (select battery_id from reported where battery_id is not null)
        returning 1),
      vacated as (update cabinet_compartment cc set battery_id = null
        where (select ok from go) and cc.cabinet_id = (select id from cab) and cc.battery_id is not null
          and cc.idx not in (select idx from reported)
        returning 1),
      changed as (update cabinet_compartment cc set ${SLOT_SET}
        from ${shownSlots(sql`reported`)} r, cabinet_compartment prev
        where (select ok from go) and cc.cabinet_id = (select id from cab) and cc.idx = r.idx and prev.id = cc.id and ${SLOT_DIFFERS}
          -- Released and emptied first (read here, they run before any slot is filled), so a pack never meets itself.
          and (select count(*) from emptied) + (select count(*) from vacated) >= 0
        returning cc.idx, prev.door_lock as was, cc.door_lock as now),
      came_online as (${logCameOnline(sql`cab`, reportedAt)} returning 1),
      doors as (${doorLog(sql`(select * from changed where (select count(*) from came_online) >= 0)`, sql`(select id from cab)`, sql`(select merchant_id from cab)`, reportedAt)})
      select was_online, (select ok from go) as stored${asked ? sql`, ${asked.question} as asked` : sql``} from cab`),
  );
  if (cabinet?.stored && asked) asked.answer(cabinet.asked === true);
  return cabinet && { wasOnline: cabinet.was_online, stored: cabinet.stored };
}

/**
 * The state in a transaction of three to five statements: the cabinet heard, then slots emptied
 * before any is filled (a pack moving between slots never collides), the other owners' packs told
 * to `otherOwners` in between.
 */
async function storeInSteps(
  db: Db,
  number: string,
  state: Extract<CabinetState, { online: true }>,
  reportedAt: Date,
  otherOwners: OtherOwners,
): Promise<{ wasOnline: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const cabinet = await markCabinetHeard(tx, number, reportedAt, state.firmwareVersion);
    if (!cabinet) return undefined;
    const reported = reportedSlots(state.compartments, sql`${cabinet.merchantId}::int`);
    // A reported pack leaves the slot of another cabinet it was last seen in, and a slot of this
    // cabinet whose pack changed (or that is not reported) empties. The same statement names the other owners' packs.
    const emptied = await tx.execute(sql`with reported as (${reported}), emptied as (
      update cabinet_compartment cc set battery_id = null
      where cc.battery_id is not null and (
        (cc.cabinet_id <> ${cabinet.id} and cc.battery_id in (select battery_id from reported where battery_id is not null))
        or (cc.cabinet_id = ${cabinet.id} and cc.battery_id is distinct from (select r.battery_id from reported r where r.idx = cc.idx limit 1)))
      returning 1)
      select idx, battery_number from reported where other_owner order by idx`);
    await otherOwners.heard(tx, { number, merchantId: cabinet.merchantId }, rowsOf<{ idx: number; battery_number: string }>(emptied));
    await tx.execute(sql`with changed as (update cabinet_compartment cc set ${SLOT_SET}
        from ${shownSlots(sql`(${reported})`)} r, cabinet_compartment prev
        where cc.cabinet_id = ${cabinet.id} and cc.idx = r.idx and prev.id = cc.id and ${SLOT_DIFFERS}
        returning cc.idx, prev.door_lock as was, cc.door_lock as now)
      ${doorLog(sql`changed`, sql`${cabinet.id}::int`, sql`${cabinet.merchantId}::int`, reportedAt)}`);
    return { wasOnline: cabinet.wasOnline };
  });
}
