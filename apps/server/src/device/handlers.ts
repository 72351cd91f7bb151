import type { z } from 'zod';
import { batteryTelemetry, cabinetState, cabinetTelemetry, commandResult, vehicleTelemetry, type DeviceKind } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { applyCommandResult, type ResultLog } from '../modules/command/index.js';
import { applyBatteryTelemetry, applyCabinetState, applyCabinetTelemetry, applyVehicleTelemetry } from './device-state.service.js';

/** What the transport hands a handler: the device from the topic, the validated payload, how it came. */
export interface DeviceMessage<T> {
  number: string;
  payload: T;
  /** Delivered from the broker's retained store (an old message), not live. */
  retained: boolean;
  receivedAt: Date;
  /** For what a handler ignores on purpose (a result for an unknown command). */
  log: ResultLog;
}

export interface TopicHandler<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** False when the device is not registered. */
  handle(db: Db, message: DeviceMessage<z.infer<S>>): Promise<boolean>;
}

function handler<S extends z.ZodType>(schema: S, handle: TopicHandler<S>['handle']): TopicHandler {
  return { schema, handle };
}

/** A retained state is as old as its device clock says (never in the future): the heartbeat sweep judges it. */
function reportTime(ts: string | undefined, { retained, receivedAt }: { retained: boolean; receivedAt: Date }): Date {
  if (!retained || !ts) return receivedAt;
  const at = Date.parse(ts);
  return new Date(Math.min(at, receivedAt.getTime()));
}

/**
 * The uplink channels the gateway persists, by `kind/channel`. Events and firmware status have
 * schemas in the contracts; their handlers come with swaps and firmware.
 */
export const TOPIC_HANDLERS: Partial<Record<`${DeviceKind}/${string}`, TopicHandler>> = {
  'cabinet/state': handler(cabinetState, (db, m) => applyCabinetState(db, m.number, m.payload, reportTime(m.payload.ts, m))),
  'cabinet/telemetry': handler(cabinetTelemetry, (db, m) => applyCabinetTelemetry(db, m.number, m.payload, m.receivedAt)),
  // An ignored result (unknown or finished command) is logged by the lifecycle, not dropped as unregistered.
  'cabinet/cmd-result': handler(commandResult, async (db, m) => {
    await applyCommandResult(db, m.number, m.payload, m.receivedAt, m.log);
    return true;
  }),
  'battery/telemetry': handler(batteryTelemetry, (db, m) => applyBatteryTelemetry(db, m.number, m.payload, m.receivedAt)),
  'vehicle/telemetry': handler(vehicleTelemetry, (db, m) => applyVehicleTelemetry(db, m.number, m.payload)),
};
