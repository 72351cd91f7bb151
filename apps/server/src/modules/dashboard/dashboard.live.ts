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
import { ALARM_CHANNEL } from '../alarm/index.js';
import { EVERY_MERCHANT, FIGURE_CHANNEL, NO_MERCHANT, readNotice } from './dashboard.rollup.js';

/** Notices of one batch come together: a stream waits this long before it tells its screen. */
const GATHER_MS = 300;
/** At most one event a second per stream: a busy network reloads a card once a second, not per swap. */
const MIN_GAP_MS = 1000;

/** Hears the database's notices on a channel (every server's commits); answers the function that stops. */
export type Listen = (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>;

type Heard = (merchantId: number, cards: readonly DashboardCard[]) => void;

/**
 * The dashboard's stream (`GET /dashboard/live`, docs/dashboard.md, "Live"): a `figures` event naming
 * the cards to reload each time a figure of the caller's tenant changes, on whichever server it was
 * stored (the rollup's notice is delivered by the database to every server once its transaction
 * commits). A new alarm (announced on the device hub, relayed between servers) reloads the figures.
 */
export function registerDashboardLive(app: FastifyInstance, listen: Listen | undefined): void {
  const listeners = new Set<Heard>();
  const tell = (merchantId: number, cards: readonly DashboardCard[]) => {
    for (const listener of listeners) listener(merchantId, cards);
  };
  let stopListening: (() => Promise<void>) | undefined;
  if (listen)
    app.addHook('onReady', async () => {
      stopListening = await listen(FIGURE_CHANNEL, (payload) => {
        for (const notice of readNotice(payload)) tell(notice.merchantId, notice.cards);
      });
    });
  const open = eventStreams(app);
  app.addHook('onClose', async () => {
    await stopListening?.();
  });

  serve(app, dashboardApi.live, ({ ctx, req, reply }) => {
    const own = ctx.principal.merchantId;
    const held = DASHBOARD_CARDS.filter((card) => holds(ctx, DASHBOARD_CARD_CODES[card]));
    const stream = open(req, reply, { cards: [] } satisfies DashboardLiveEvent);
    let pending = new Set<DashboardCard>();
    let timer: NodeJS.Timeout | undefined;
    let lastSent = 0;
    const send = () => {
      timer = undefined;
      if (stream.closed || pending.size === 0) return;
      const cards = DASHBOARD_CARDS.filter((card) => pending.has(card));
      pending = new Set();
      lastSent = Date.now();
      stream.send(DASHBOARD_LIVE_EVENT, { cards } satisfies DashboardLiveEvent);
    };
    const heard: Heard = (merchantId, cards) => {
      // Platform staff hear every tenant; a merchant's staff their own merchant's changes only.
      if (stream.closed || (own !== null && merchantId !== own && merchantId !== EVERY_MERCHANT)) return;
      if (own !== null && merchantId === NO_MERCHANT) return;
      for (const card of cards) if (held.includes(card)) pending.add(card);
      if (pending.size === 0) return;
      timer ??= setTimeout(send, Math.max(GATHER_MS, lastSent + MIN_GAP_MS - Date.now()));
    };
    listeners.add(heard);
    const unsubscribe = app.deviceHub.onChange((change) => {
      if (change.channel === ALARM_CHANNEL) heard(EVERY_MERCHANT, ['figures']);
    });
    stream.onClose(() => {
      listeners.delete(heard);
      unsubscribe();
      clearTimeout(timer);
    });
    return Promise.resolve(SENT);
  });
}
