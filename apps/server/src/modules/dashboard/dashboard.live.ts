import type { FastifyInstance } from 'fastify';
import {
  DASHBOARD_CARD_CODES,
  DASHBOARD_CARDS,
  DASHBOARD_LIVE_EVENT,
  dashboardApi,
  type DashboardCard,
  type DashboardLiveEvent,
} from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import { holds } from '../../app/context.js';
import { eventStreams } from '../../app/event-stream.js';
import { readWhenPoked } from '../../app/read-when-poked.js';
import { ALARM_CHANNEL } from '../alarm/index.js';
import { stationOwnersOfCabinets } from '../station/index.js';
import { EVERY_MERCHANT, FIGURE_CHANNEL, NO_MERCHANT, readNotice } from './dashboard.rollup.js';

/** At most one event a second per stream: a busy network reloads a card once a second, not per swap. */
const MIN_GAP_MS = 1000;
/** The fleet map reloads all its stations: at most once in this long per stream. */
const STATIONS_GAP_MS = 5000;

/** Hears the database's notices on a channel (every server's commits); answers the function that stops. */
export type Listen = (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>;

type Heard = (merchantId: number, cards: readonly DashboardCard[], stations?: boolean) => void;

/**
 * The dashboard's stream (`GET /dashboard/live`, docs/dashboard.md, "Live"): a `figures` event naming
 * the cards to reload each time a figure of the caller's tenant changes, on whichever server it was
 * stored (the rollup's notice is delivered by the database to every server once its transaction
 * commits). An alarm opened, acknowledged or cleared (announced on the device hub with its merchant,
 * relayed between servers) reloads the figures of its merchant's screens; a cabinet standing in a
 * station that goes online or offline or has an alarm opened or handled tells the screens of the
 * station's owner that the fleet map's stations changed.
 */
export function registerDashboardLive(app: FastifyInstance, listen: Listen | undefined): void {
  const listeners = new Set<Heard>();
  const tell = (merchantId: number, cards: readonly DashboardCard[], stations = false) => {
    for (const listener of listeners) listener(merchantId, cards, stations);
  };
  let stopListening: (() => Promise<void>) | undefined;
  if (listen)
    app.addHook('onReady', async () => {
      stopListening = await listen(FIGURE_CHANNEL, (payload) => {
        for (const notice of readNotice(payload)) tell(notice.merchantId, notice.cards);
      });
    });
  const open = eventStreams(app);
  // The cabinets heard changing: looked up at once, one lookup of their merchants for every stream;
  // those heard while it runs are gathered into one more (readWhenPoked).
  let cabinetsHeard = new Set<string>();
  const tellStations = async () => {
    const numbers = [...cabinetsHeard];
    cabinetsHeard = new Set();
    try {
      for (const merchantId of await stationOwnersOfCabinets(app.db, numbers)) tell(merchantId ?? NO_MERCHANT, [], true);
    } catch {
      // The database did not answer this time: the map catches up on the next change or reconnection.
    }
  };
  const lookup = readWhenPoked(tellStations);
  // An app without the device link (routes registered only to read their schemas) has nothing to hear.
  const stopHearing = app.hasDecorator('deviceHub')
    ? app.deviceHub.onChange((change) => {
        if (listeners.size === 0) return;
        // An alarm's count is its merchant's (null: the platform's own); a notice naming none tells every tenant.
        if (change.channel === ALARM_CHANNEL)
          tell(change.merchantId === undefined ? EVERY_MERCHANT : (change.merchantId ?? NO_MERCHANT), ['figures']);
        // A station's state on the map: its cabinets online or not (not every report of their compartments) and their alarms.
        const stationState = change.channel === ALARM_CHANNEL || (change.channel === 'state' && change.linkChanged === true);
        if (change.kind !== 'cabinet' || !stationState) return;
        cabinetsHeard.add(change.number);
        lookup();
      })
    : () => undefined;
  app.addHook('onClose', async () => {
    stopHearing();
    lookup.stop();
    await stopListening?.();
  });

  serve(app, dashboardApi.live, ({ ctx, req, reply }) => {
    const own = ctx.principal.merchantId;
    const held = DASHBOARD_CARDS.filter((card) => holds(ctx, DASHBOARD_CARD_CODES[card]));
    const stream = open(req, reply, { cards: [] } satisfies DashboardLiveEvent);
    let pending = new Set<DashboardCard>();
    let stationsPending = false;
    let timer: NodeJS.Timeout | undefined;
    let timerAt = 0;
    let lastSent = 0;
    let stationsSent = 0;
    const schedule = () => {
      const now = Date.now();
      // At once (the notices of the same turn with it), or once the gap since the last event has passed.
      const cardsAt = pending.size ? Math.max(now, lastSent + MIN_GAP_MS) : Infinity;
      const stationsAt = stationsPending ? Math.max(now, lastSent + MIN_GAP_MS, stationsSent + STATIONS_GAP_MS) : Infinity;
      const at = Math.min(cardsAt, stationsAt);
      if (at === Infinity || (timer !== undefined && timerAt <= at)) return;
      clearTimeout(timer);
      timerAt = at;
      timer = setTimeout(send, at - now);
    };
    const send = () => {
      timer = undefined;
      if (stream.closed) return;
      const now = Date.now();
      const stations = stationsPending && now >= stationsSent + STATIONS_GAP_MS;
      if (pending.size > 0 || stations) {
        const cards = DASHBOARD_CARDS.filter((card) => pending.has(card));
        pending = new Set();
        lastSent = now;
        if (stations) {
          stationsPending = false;
          stationsSent = now;
        }
        stream.send(DASHBOARD_LIVE_EVENT, { cards, ...(stations ? { stations: true as const } : {}) } satisfies DashboardLiveEvent);
      }
      schedule();
    };
    const heard: Heard = (merchantId, cards, stations = false) => {
      // Platform staff hear every tenant; a merchant's staff their own merchant's changes only.
      if (stream.closed || (own !== null && merchantId !== own && merchantId !== EVERY_MERCHANT)) return;
      if (own !== null && merchantId === NO_MERCHANT) return;
      for (const card of cards) if (held.includes(card)) pending.add(card);
      if (stations) stationsPending = true;
      schedule();
    };
    listeners.add(heard);
    stream.onClose(() => {
      listeners.delete(heard);
      clearTimeout(timer);
    });
    return Promise.resolve(SENT);
  });
}
