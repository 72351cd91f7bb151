import type { CabinetState } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { applyCabinetState, takeSilentCabinetsOffline, type AskedWithState } from '../modules/cabinet/index.js';
import { noticeCabinetsOffline } from '../modules/external-system/index.js';
import { ALARM_CHANNEL, compartmentReadings, evaluateAlarms, type AlarmChange, type Reading } from '../modules/alarm/index.js';
import type { DeviceHub } from '../app/device-hub.js';
import { auditDeviceRefusal } from '../modules/swap/index.js';

/**
 * The heartbeat sweep: cabinets silent past the timeout go offline, and the external systems that
 * may see them hear it as a `cabinet.state` event (online false), as from a last will, and the alarm
 * rules watching "offline" hear it too; a failure of either is logged, never the sweep's. Answers how many went offline.
 */
export async function markSilentCabinetsOffline(db: Db, timeoutMs: number, log?: StateLog, hub?: DeviceHub): Promise<number> {
  const numbers = await takeSilentCabinetsOffline(db, timeoutMs);
  // Their screens (detail pages, the dashboard's fleet map) hear it as from the cabinet's own state.
  for (const number of numbers) hub?.emitChange({ kind: 'cabinet', number, channel: 'state', linkChanged: true });
  // A silent cabinet meets the rules watching "offline" (docs/alarms.md); its next report clears them.
  await raiseOfflineAlarms(db, numbers, log, hub);
  await noticeCabinetsOffline(db, numbers, new Date()).catch((error: unknown) =>
    log?.warn(
      { cabinets: numbers.length, error: error instanceof Error ? error.message : String(error) },
      'offline cabinets not queued for external systems',
    ),
  );
  return numbers.length;
}

/** Announces an alarm that cleared on its own (the screens counting alarms catch up at once, docs/dashboard.md "Live"). */
const announcer = (hub: DeviceHub | undefined) => (alarm: AlarmChange) =>
  hub?.emitChange({ kind: alarm.kind, number: alarm.number, channel: ALARM_CHANNEL, merchantId: alarm.merchantId });

/**
 * Cabinets gone offline (silent past the heartbeat timeout, their last will, or their own word) meet
 * the alarm rules watching "offline" (docs/alarms.md); a failure is logged, never the caller's.
 */
export async function raiseOfflineAlarms(db: Db, numbers: string[], log?: StateLog, hub?: DeviceHub): Promise<void> {
  if (numbers.length === 0) return;
  const opened = await evaluateAlarms(
    db,
    numbers.map((number) => ({ kind: 'cabinet' as const, number, values: { offline: true } })),
    new Date(),
    announcer(hub),
  ).catch((error: unknown) => {
    log?.warn({ cabinets: numbers.length, error: error instanceof Error ? error.message : String(error) }, 'alarm rules not evaluated');
    return [];
  });
  for (const alarm of opened)
    hub?.emitChange({ kind: alarm.kind, number: alarm.number, channel: ALARM_CHANNEL, merchantId: alarm.merchantId });
}

/**
 * A cabinet's compartments as its state reports them meet the rules watching doors and compartment
 * faults (docs/alarms.md, "Parameters"); a failure is logged, never the caller's.
 */
export async function evaluateCompartmentAlarms(
  db: Db,
  number: string,
  state: CabinetState,
  log?: StateLog,
  hub?: DeviceHub,
): Promise<void> {
  if (!state.online) return;
  await evaluateCabinetReadings(db, number, compartmentReadings(number, state.compartments), log, hub);
}

/**
 * A cabinet's compartment readings meet the rules (its state's, or those of states a newer one
 * replaced before they were stored); a failure is logged, never the caller's.
 */
export async function evaluateCabinetReadings(db: Db, number: string, readings: Reading[], log?: StateLog, hub?: DeviceHub): Promise<void> {
  if (readings.length === 0) return;
  const opened = await evaluateAlarms(db, readings, new Date(), announcer(hub)).catch((error: unknown) => {
    log?.warn({ cabinet: number, error: error instanceof Error ? error.message : String(error) }, 'alarm rules not evaluated');
    return [];
  });
  for (const alarm of opened)
    hub?.emitChange({ kind: alarm.kind, number: alarm.number, channel: ALARM_CHANNEL, merchantId: alarm.merchantId });
}

/**
 * Persists the latest state a device reports (telemetry goes in batches: modules/telemetry/telemetry.ingest.ts). Each function answers whether the device is
 * registered (a row was updated), so the gateway can log "cabinet not registered" and drop.
 */

export interface StateLog {
  warn(fields: object, message: string): void;
}

/**
 * The other owners' packs each cabinet last reported, by slot: a cabinet republishes its state on
 * every change, so a pack left in a slot is logged and audited once, not with every state.
 */
const reportedOtherOwners = new Map<string, string>();

/** The other owners' packs last reported by the cabinet, as applyCabinetState compares them: `idx:number`, comma-separated. */
const knownOtherOwners = (number: string) => reportedOtherOwners.get(number) ?? '';

async function refuseOtherOwners(
  db: Db,
  cabinet: { number: string; merchantId: number | null },
  slots: { idx: number; battery_number: string }[],
  log: StateLog | undefined,
): Promise<void> {
  const seen = slots.map((s) => `${s.idx}:${s.battery_number}`).join(',');
  if ((reportedOtherOwners.get(cabinet.number) ?? '') === seen) return;
  if (reportedOtherOwners.size >= 10_000) reportedOtherOwners.clear();
  if (!seen) {
    reportedOtherOwners.delete(cabinet.number);
    return;
  }
  const batteries = slots.map((s) => s.battery_number);
  log?.warn({ cabinet: cabinet.number, slots: seen }, 'cabinet state: battery of another owner not bound to its slot');
  await auditDeviceRefusal(db, cabinet, { channel: 'state', batteries, compartments: slots.map((s) => s.idx) });
  reportedOtherOwners.set(cabinet.number, seen);
}

/**
 * Applies a cabinet's state (the cabinet module's `applyCabinetState`), logging and auditing other
 * owners' packs; `onLinkChanged` hears when it took the cabinet online or offline, `asked` is
 * answered from the state's own statement.
 */
export function storeCabinetState(
  db: Db,
  number: string,
  state: CabinetState,
  reportedAt: Date,
  log?: StateLog,
  onLinkChanged?: () => void,
  asked?: AskedWithState,
): Promise<boolean> {
  return applyCabinetState(
    db,
    number,
    state,
    reportedAt,
    { known: knownOtherOwners, heard: (tx, cabinet, slots) => refuseOtherOwners(tx, cabinet, slots, log) },
    onLinkChanged,
    asked,
  );
}
