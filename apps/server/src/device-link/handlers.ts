import type { z } from 'zod';
import {
  acceptBatteryTelemetry,
  acceptVehicleTelemetry,
  authorizeRequest,
  batteryBacklog,
  batteryTelemetry,
  cabinetEvent,
  cabinetState,
  cabinetTelemetry,
  cabinetTopic,
  commandResult,
  firmwareStatusReport,
  vehicleBacklog,
  vehicleTelemetry,
  TOPIC_ROOT,
  type DeviceKind,
} from '@swap/contracts';
import type { Db } from '../db/client.js';
import { applyCommandResult, cancelOutstandingCommands, type ResultLog } from '../modules/command/index.js';
import { applySwapEvent, authorizeHandout } from '../modules/swap/index.js';
import { chargeSwap } from '../modules/swap-order/index.js';
import { applyFirmwareStatus } from '../modules/firmware/index.js';
import { evaluateCompartmentAlarms, raiseOfflineAlarms, evaluateCabinetReadings, storeCabinetState } from './device-state.service.js';
import { compartmentReadings, type Reading } from '../modules/alarm/index.js';
import type { DeviceHub } from '../app/device-hub.js';
import type { TelemetryKind } from '../modules/telemetry/index.js';
import { enqueueDeviceEvents, noticeCabinetState, swapEvent, systemWatches } from '../modules/external-system/index.js';

/** What the transport hands a handler: the device from the topic, the validated payload, how it came. */
export interface DeviceMessage<T> {
  number: string;
  payload: T;
  /** Delivered from the broker's retained store (an old message), not live. */
  retained: boolean;
  receivedAt: Date;
  /** For what a handler ignores on purpose (a result for an unknown command). */
  log: ResultLog;
  /**
   * Set by the handler when the message took the device online or offline: the link's one
   * announcement of the stored message says so (the fleet map's stations, docs/dashboard.md "Live").
   */
  linkChanged?: boolean;
  /** What the reports this one replaced while it waited said (a cabinet's state, docs/scaling.md "State reports under load"). */
  superseded?: SupersededStates;
}

/**
 * What the cabinet states replaced by a newer one before they were stored still mean: the cabinet
 * went offline in between (its own word or its last will, not a retained copy), and the doors and
 * compartment faults they showed, by compartment, so the alarms they would have raised are raised.
 */
export interface SupersededStates {
  offline: boolean;
  raised: Map<number, Reading>;
}

export interface TopicHandler<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** False when the device is not registered. The hub answers a device (authorization) or announces side changes. */
  handle(db: Db, message: DeviceMessage<z.infer<S>>, hub: DeviceHub): Promise<boolean>;
  /**
   * A full state: a newer message of the device replaces one still waiting for its turn, which
   * keeps what it meant in `superseded` (docs/scaling.md, "State reports under load").
   */
  supersede?: (waiting: DeviceMessage<z.infer<S>>, next: DeviceMessage<z.infer<S>>) => void;
}

/** Telemetry: the link persists it in batches (latest state and history), see modules/telemetry/telemetry.ingest.ts. */
export interface BatchedHandler<S extends z.ZodType = z.ZodType> {
  schema: S;
  batched: TelemetryKind;
  /** The payload is a backlog (`{ readings }`): each reading is kept in the history at its own time (docs/device-protocol.md, "Backlog"). */
  backlog?: true;
  /**
   * The schema's check by hand for the hot path: answers the payload as the schema would, or
   * undefined, and the schema then says why it is refused (docs/device-protocol.md, "Malformed messages").
   */
  accept?: (json: unknown) => z.infer<S> | undefined;
}

function handler<S extends z.ZodType>(
  schema: S,
  handle: TopicHandler<S>['handle'],
  supersede?: TopicHandler<S>['supersede'],
): TopicHandler {
  return { schema, handle, ...(supersede ? { supersede } : {}) } as TopicHandler;
}

/** A retained state is as old as its device clock says (never in the future): the heartbeat sweep judges it. */
function reportTime(ts: string | undefined, { retained, receivedAt }: { retained: boolean; receivedAt: Date }): Date {
  if (!retained || !ts) return receivedAt;
  const at = Date.parse(ts);
  return new Date(Math.min(at, receivedAt.getTime()));
}

/**
 * A newer state takes the place of one still waiting: the waiting one keeps that the cabinet went
 * offline in between and which doors stood open or compartments reported a fault.
 */
function supersedeState(waiting: DeviceMessage<z.infer<typeof cabinetState>>, next: DeviceMessage<z.infer<typeof cabinetState>>): void {
  const replaced = waiting.payload;
  const superseded = (waiting.superseded ??= { offline: false, raised: new Map<number, Reading>() });
  if (!replaced.online && !waiting.retained) superseded.offline = true;
  // Only what they raised: a door closed or a fault gone again is said by the newer state itself.
  if (replaced.online)
    for (const reading of compartmentReadings(waiting.number, replaced.compartments)) {
      const kept = superseded.raised.get(reading.compartment!);
      const values = {
        ...(reading.values.doorOpen === true || kept?.values.doorOpen ? { doorOpen: true } : {}),
        ...(reading.values.compartmentFault === true || kept?.values.compartmentFault ? { compartmentFault: true } : {}),
      };
      if (Object.keys(values).length === 0) continue;
      const detail = reading.detail ?? kept?.detail;
      superseded.raised.set(reading.compartment!, { ...reading, values, ...(detail ? { detail } : {}) });
    }
  waiting.payload = next.payload;
  waiting.retained = next.retained;
  waiting.receivedAt = next.receivedAt;
}

/** A cabinet's state; one going offline ends the command it can no longer answer. */
async function applyState(db: Db, m: DeviceMessage<z.infer<typeof cabinetState>>, hub: DeviceHub): Promise<boolean> {
  // The states it replaced first, in their order: what they would have ended or raised (docs/scaling.md, "State reports under load").
  if (m.superseded) {
    if (m.superseded.offline && m.payload.online) {
      if (await cancelOutstandingCommands(db, m.number)) hub.emitChange({ kind: 'cabinet', number: m.number, channel: 'command' });
      await raiseOfflineAlarms(db, [m.number], m.log, hub);
    }
    await evaluateCabinetReadings(db, m.number, [...m.superseded.raised.values()], m.log, hub);
  }
  const at = reportTime(m.payload.ts, m);
  // Whether an external system watches the cabinet is asked in the state's own statement: when none
  // does, the notice below reads nothing (docs/scaling.md, "State reports under load").
  let watched: boolean | undefined;
  const watch = m.retained ? undefined : { question: systemWatches('cabinet', m.number), answer: (yes: boolean) => (watched = yes) };
  // A state that took the cabinet online or offline is announced as such by the link, once (the fleet map's stations).
  const registered = await storeCabinetState(
    db,
    m.number,
    m.payload,
    at,
    m.log,
    () => {
      m.linkChanged = true;
    },
    watch,
  );
  if (registered && !m.payload.online && (await cancelOutstandingCommands(db, m.number))) {
    hub.emitChange({ kind: 'cabinet', number: m.number, channel: 'command' });
  }
  // Offline by its last will or its own word: the rules watching "offline" hear it at once.
  if (registered && !m.payload.online && !m.retained) await raiseOfflineAlarms(db, [m.number], m.log, hub);
  // Its doors and compartment faults meet the rules watching them (a door left open past its hold).
  if (registered && m.payload.online) await evaluateCompartmentAlarms(db, m.number, m.payload, m.log, hub);
  // External systems hear it once it is stored; a retained (old) state is not news.
  if (registered && !m.retained && watched !== false)
    await noticeCabinetState(db, m.number, m.payload, at).catch((error: unknown) =>
      m.log.warn(
        { cabinet: m.number, error: error instanceof Error ? error.message : String(error) },
        'cabinet state not queued for external systems',
      ),
    );
  return registered;
}

/** A swap moved batteries: their screens refresh too (the link announces the cabinet itself). */
async function recordSwap(db: Db, m: DeviceMessage<z.infer<typeof cabinetEvent>>, hub: DeviceHub): Promise<boolean> {
  // External systems' webhooks are queued, and a charged swap's order made, in the swap's own
  // transaction: a recorded swap is never lost to them, nor charged twice (docs/orders.md).
  const outcome = await applySwapEvent(db, m.number, m.payload, async (tx, cabinet, swap) => {
    await enqueueDeviceEvents(tx, [swapEvent(cabinet, swap)]);
    await chargeSwap(tx, {
      recordId: swap.id,
      cabinetId: cabinet.id,
      merchantId: cabinet.merchantId,
      result: swap.result,
      customer: swap.customer,
      meter: swap.meter,
      endedAt: swap.endedAt,
    });
  });
  if (outcome === null) return false;
  if (outcome.refused.length)
    m.log.warn(
      { cabinet: m.number, eventId: m.payload.eventId, batteries: outcome.refused },
      'swap event refused: battery of another owner (recorded as failed, nothing moved)',
    );
  for (const number of outcome.changed) hub.emitChange({ kind: 'battery', number, channel: 'event' });
  return true;
}

/** Answers the cabinet on its authorize-result topic; a retained (old) request is not answered. */
async function answerAuthorization(db: Db, m: DeviceMessage<z.infer<typeof authorizeRequest>>, hub: DeviceHub): Promise<boolean> {
  if (m.retained) return true;
  const result = await authorizeHandout(db, m.number, m.payload);
  if (result === null) return false;
  if (result.reason === 'BATTERY_OTHER_OWNER')
    m.log.warn(
      { cabinet: m.number, battery: m.payload.batteryNumber, batteryIn: m.payload.batteryInNumber },
      'authorization refused: battery of another owner',
    );
  // Offline link: the cabinet times out and aborts, which is the safe outcome.
  if (hub.connected) await hub.send(cabinetTopic(m.number, 'authorize-result'), result);
  if (result.allowed) hub.emitChange({ kind: 'battery', number: m.payload.batteryNumber, channel: 'authorize' });
  return true;
}

/** The uplink channels the server persists or answers, by `kind/channel`. */
export const TOPIC_HANDLERS: Partial<Record<`${DeviceKind}/${string}`, TopicHandler | BatchedHandler>> = {
  'cabinet/state': handler(cabinetState, applyState, supersedeState),
  // Telemetry is persisted in batches by the link (latest state and history), see modules/telemetry/telemetry.ingest.ts.
  'cabinet/telemetry': { schema: cabinetTelemetry, batched: 'cabinet' },
  // An ignored result (unknown or finished command) is logged by the lifecycle, not dropped as unregistered.
  'cabinet/cmd-result': handler(commandResult, async (db, m) => {
    await applyCommandResult(db, m.number, m.payload, m.receivedAt, m.log);
    return true;
  }),
  // An upgrade's progress (docs/firmware.md): a report for an unknown or ended attempt is ignored.
  'cabinet/fw-status': handler(firmwareStatusReport, async (db, m, hub) => {
    if (m.retained) return true;
    if (await applyFirmwareStatus(db, m.number, m.payload)) hub.emitChange({ kind: 'cabinet', number: m.number, channel: 'fw-status' });
    else
      m.log.info(
        { cabinet: m.number, command: m.payload.commandId, status: m.payload.status },
        'firmware status ignored: no running upgrade',
      );
    return true;
  }),
  'battery/telemetry': { schema: batteryTelemetry, batched: 'battery', accept: acceptBatteryTelemetry },
  'vehicle/telemetry': { schema: vehicleTelemetry, batched: 'vehicle', accept: acceptVehicleTelemetry },
  // Readings stored while out of coverage: history only, at their own times.
  'battery/backlog': { schema: batteryBacklog, batched: 'battery', backlog: true },
  'vehicle/backlog': { schema: vehicleBacklog, batched: 'vehicle', backlog: true },
  'cabinet/event': handler(cabinetEvent, recordSwap),
  'cabinet/authorize': handler(authorizeRequest, answerAuthorization),
};

/** Topic filters of the uplink channels the server handles, by lane: telemetry (batched) or control. */
export function uplinkFilters(lane: 'telemetry' | 'control'): string[] {
  return Object.entries(TOPIC_HANDLERS)
    .filter(([, handler]) => handler && 'batched' in handler === (lane === 'telemetry'))
    .map(([key]) => {
      const [kind, channel] = key.split('/');
      return `${TOPIC_ROOT}/${kind}/+/${channel}`;
    });
}
