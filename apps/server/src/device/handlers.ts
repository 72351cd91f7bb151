import type { z } from 'zod';
import { batteryTelemetry, cabinetState, cabinetTelemetry, vehicleTelemetry, type DeviceKind } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { applyCabinetState } from './device-state.service.js';
import type { TelemetryKind } from './telemetry-ingest.js';

/** What the transport hands a handler: the device from the topic, the validated payload, how it came. */
export interface DeviceMessage<T> {
  number: string;
  payload: T;
  /** Delivered from the broker's retained store (an old message), not live. */
  retained: boolean;
  receivedAt: Date;
}

export interface TopicHandler<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** False when the device is not registered. */
  handle(db: Db, message: DeviceMessage<z.infer<S>>): Promise<boolean>;
}

/** Telemetry: the link persists it in batches (latest state and history), see telemetry-ingest.ts. */
export interface BatchedHandler<S extends z.ZodType = z.ZodType> {
  schema: S;
  batched: TelemetryKind;
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
 * The uplink channels this slice persists, by `kind/channel`. Events, command results and firmware
 * status have schemas in the contracts; their handlers come with swaps, commands and firmware.
 */
export const TOPIC_HANDLERS: Partial<Record<`${DeviceKind}/${string}`, TopicHandler | BatchedHandler>> = {
  'cabinet/state': handler(cabinetState, (db, m) => applyCabinetState(db, m.number, m.payload, reportTime(m.payload.ts, m))),
  'cabinet/telemetry': { schema: cabinetTelemetry, batched: 'cabinet' },
  'battery/telemetry': { schema: batteryTelemetry, batched: 'battery' },
  'vehicle/telemetry': { schema: vehicleTelemetry, batched: 'vehicle' },
};
