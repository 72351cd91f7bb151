import type { CabinetState, CabinetTelemetry, VehicleTelemetry } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import type { RecordedSwap } from '../swap/index.js';
import { enqueueDeviceEvents, type DeviceEvent } from './webhook.worker.js';

/**
 * The device events external systems hear besides swaps (docs/operation-centre.md, "External
 * systems"): a cabinet's reported state, and an alarm raised or cleared. Called by the device link
 * after the report is stored; a failure here is the caller's to log, never the report's.
 */

/** A cabinet's state as a webhook tells it: online, and when online its compartments and the packs in them. */
export async function noticeCabinetState(db: Db, number: string, state: CabinetState, at: Date): Promise<void> {
  const data = state.online
    ? {
        online: true,
        compartments: state.compartments.length,
        batteries: state.compartments.filter((c) => c.batteryNumber !== null).length,
        faults: state.compartments.filter((c) => c.fault !== null).map((c) => ({ compartment: c.index, fault: c.fault })),
      }
    : { online: false };
  await enqueueDeviceEvents(db, [{ type: 'cabinet.state', devices: [{ kind: 'cabinet', number }], occurredAt: at, data }]);
}

/** Cabinets the heartbeat sweep took offline (silent past the timeout, no last will): a state change like any other. */
export async function noticeCabinetsOffline(db: Db, numbers: string[], at: Date): Promise<void> {
  if (numbers.length === 0) return;
  await enqueueDeviceEvents(
    db,
    numbers.map((number) => ({ type: 'cabinet.state', devices: [{ kind: 'cabinet', number }], occurredAt: at, data: { online: false } })),
  );
}

/**
 * The alarms each device last reported, so an event goes out when one is raised or cleared, not
 * with every report (a server restart forgets them: a standing alarm is told again once).
 */
const lastAlarms = new Map<string, string>();

/** A telemetry report as the alarm watch reads it. */
export type AlarmReport =
  | { kind: 'cabinet'; number: string; payload: Pick<CabinetTelemetry, 'waterAlarm' | 'smokeAlarm'> }
  | { kind: 'vehicle'; number: string; payload: Pick<VehicleTelemetry, 'fault'> }
  | { kind: 'battery'; number: string; payload: unknown };

function alarmsOf(report: AlarmReport): Record<string, boolean | string> | undefined {
  if (report.kind === 'cabinet') return { water: report.payload.waterAlarm, smoke: report.payload.smokeAlarm };
  if (report.kind === 'vehicle' && report.payload.fault !== undefined) return { fault: report.payload.fault ?? '' };
  return undefined;
}

const raised = (alarms: Record<string, boolean | string>) => Object.values(alarms).some((value) => value !== false && value !== '');

/** Queues `device.alarm` for each stored report whose alarms changed since the device's last one. */
export async function noticeDeviceAlarms(db: Db, reports: AlarmReport[], at: Date): Promise<void> {
  const events: DeviceEvent[] = [];
  for (const report of reports) {
    const alarms = alarmsOf(report);
    if (!alarms) continue;
    const key = `${report.kind}/${report.number}`;
    const seen = JSON.stringify(alarms);
    const before = lastAlarms.get(key);
    if (before === seen) continue;
    if (lastAlarms.size >= 100_000) lastAlarms.clear();
    lastAlarms.set(key, seen);
    // A device first heard without an alarm has nothing to tell.
    if (before === undefined && !raised(alarms)) continue;
    events.push({
      type: 'device.alarm',
      devices: [{ kind: report.kind, number: report.number }],
      occurredAt: at,
      data: { raised: raised(alarms), ...alarms },
    });
  }
  if (events.length) await enqueueDeviceEvents(db, events);
}

/** What a swap tells a partner: the cabinet, the packs in and out with their charge and compartments, the result. */
export function swapEvent(cabinet: { number: string; merchantId: number | null }, swap: RecordedSwap): DeviceEvent {
  const devices: DeviceEvent['devices'] = [{ kind: 'cabinet', number: cabinet.number }];
  for (const pack of [swap.batteryIn, swap.batteryOut]) if (pack) devices.push({ kind: 'battery', number: pack.number });
  return {
    type: 'swap',
    devices,
    merchantId: cabinet.merchantId,
    occurredAt: new Date(swap.endedAt),
    data: {
      cabinet: cabinet.number,
      eventId: swap.eventId,
      result: swap.result,
      failureCode: swap.failureCode,
      batteryIn: swap.batteryIn,
      batteryOut: swap.batteryOut,
      startedAt: swap.startedAt,
      endedAt: swap.endedAt,
    },
  };
}
