import type { DeviceKind } from '../domains/device-type.js';

/** Kinds whose detail screens follow their device live. */
export const LIVE_KINDS = ['cabinet', 'battery'] as const satisfies readonly DeviceKind[];
export type LiveKind = (typeof LIVE_KINDS)[number];

/** GET path (under /api/oms) of a device's live stream: Server-Sent Events, `?id=` the device id. */
export const livePath = (kind: LiveKind): string => `/${kind}/live`;

/**
 * One `change` event of a live stream: what a device reported since the last event (bursts are
 * coalesced), so the screen reloads that device. The stream opens with a `ready` event of the same shape
 * and an empty channel list; a comment line every few seconds keeps proxies from closing it.
 */
export interface LiveEvent {
  kind: LiveKind;
  id: number;
  number: string;
  /** The uplink channels (state, telemetry, ...) or server-side ones (command) that changed. */
  channels: string[];
}

/** Most change events per device per second a stream sends. */
export const LIVE_MAX_RATE = 4;
