import { endpoint } from '../endpoint.js';
import { idQuery } from '../validation.js';
import type { DeviceKind } from '../domains/device-type.js';

/** Kinds whose detail screens follow their device live. */
export const LIVE_KINDS = ['cabinet', 'battery'] as const satisfies readonly DeviceKind[];
export type LiveKind = (typeof LIVE_KINDS)[number];

/** A kind's live stream: Server-Sent Events, `?id=` the device id; the detail page's permission. */
function liveEndpoint<K extends LiveKind>(kind: K, code: string) {
  return endpoint({
    method: 'GET',
    path: `/${kind}/live`,
    access: { code },
    query: idQuery,
    answer: 'stream',
    summary: `Server-Sent Events: a \`change\` event (kind, id, number, channels) each time the ${kind} reports`,
  });
}

/** Live streams of the detail screens, one group per kind, and the cabinets of a station (its detail's cabinet rows). */
export const liveApi = {
  cabinet: { live: liveEndpoint('cabinet', 'operation.cabinet.latestInfos') },
  battery: { live: liveEndpoint('battery', 'operation.battery.latestInfos') },
  stationCabinets: {
    live: endpoint({
      method: 'GET',
      path: '/cabinet/live/station',
      access: { code: 'operation.cabinet' },
      query: idQuery,
      answer: 'stream',
      summary:
        'Server-Sent Events: a `change` event (kind `cabinet`, id the station, number the cabinet last heard, channels) each time a cabinet standing in the station reports',
    }),
  },
} as const;

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
