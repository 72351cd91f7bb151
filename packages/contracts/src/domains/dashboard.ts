import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ALARM_LEVELS } from './alarm.js';
import { STATION_SCREENS, STATION_TYPES } from './station-kinds.js';

/**
 * The home dashboard (`/dashboard`): the network's figures, trends and rankings for the caller's
 * tenant, read from hourly and daily rollups kept as swaps, sales and customers are stored, so no
 * call aggregates raw swaps or orders (docs/dashboard.md).
 */

/** The dashboard's cards, each opened by its own permission code (a role may get some of them). */
export const DASHBOARD_CARDS = ['figures', 'trends', 'ranking'] as const;
export type DashboardCard = (typeof DASHBOARD_CARDS)[number];

/** The permission code of each card: the statistics centre's dashboard group (navigation.ts). */
export const DASHBOARD_CARD_CODES: Readonly<Record<DashboardCard, string>> = {
  figures: 'dashboard.figures',
  trends: 'dashboard.trends',
  ranking: 'dashboard.ranking',
};

/**
 * The zone the dashboard's days are counted in ("today", a trend's days) while the platform's
 * `time_zone` setting names none it can use. Hours are the same in every whole-hour zone; answers
 * carry the zone so a screen labels the days as the server counted them.
 */
export const DASHBOARD_TIME_ZONE = 'Asia/Jakarta';

/** A count for today (since midnight in the dashboard's zone) and in all. */
export const todayAndTotal = z.object({ today: z.number().int(), total: z.number().int() });

/** `GET /dashboard/figures`: the headline figures. */
export const dashboardFigures = z.object({
  /** When the figures were read (ISO); today started at `dayStart`. */
  at: z.string(),
  dayStart: z.string(),
  timeZone: z.string(),
  swaps: z.object({
    /** Successful swaps since midnight. */
    today: z.number().int(),
    /** Successful swaps yesterday from midnight to the same time of day. */
    sameTimeYesterday: z.number().int(),
    /** Percent change of today against the same time yesterday; null when yesterday had none. */
    changePercent: z.number().nullable(),
  }),
  /** Vehicles and batteries sold (paid orders; a cancelled paid order is taken off its hour). */
  vehiclesSold: todayAndTotal,
  batteriesSold: todayAndTotal,
  /** Customers whose identity was approved (today: approved today; total: approved now). */
  authenticatedUsers: todayAndTotal,
  /** Alarms not yet cleared (open or acknowledged), by level, every level listed; and their sum. */
  openAlarms: z.object({
    total: z.number().int(),
    byLevel: z.array(z.object({ level: z.enum(ALARM_LEVELS), count: z.number().int() })),
  }),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

/** The trend ranges: today by hour, the last 7 days and the last 30 days by day (today included). */
export const DASHBOARD_RANGES = ['today', 'week', 'month'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const dashboardTrendQuery = z.object({ range: z.enum(DASHBOARD_RANGES) });

/** One bucket of a trend: an hour (today) or a day (week, month) starting at `at`. */
export const dashboardTrendPoint = z.object({
  at: z.string(),
  /** Successful swaps. */
  swaps: z.number().int(),
  /** Vehicles and batteries sold (paid). */
  sales: z.number().int(),
  /** Energy delivered by energy orders, in kWh. */
  energyKwh: z.number(),
  /** Customers registered. */
  newUsers: z.number().int(),
});
export type DashboardTrendPoint = z.infer<typeof dashboardTrendPoint>;

/** `GET /dashboard/trend?range=`: every bucket of the range, oldest first, empty ones as zeros. */
export const dashboardTrend = z.object({
  range: z.enum(DASHBOARD_RANGES),
  unit: z.enum(['hour', 'day']),
  timeZone: z.string(),
  points: z.array(dashboardTrendPoint),
});
export type DashboardTrend = z.infer<typeof dashboardTrend>;

/** One of the ten cabinets with the most swaps today. */
export const cabinetRankRow = z.object({
  cabinetId: z.number(),
  cabinetNumber: z.string(),
  stationId: z.number().nullable(),
  stationName: z.string().nullable(),
  /** The station's type: which screen opens it (integrated or swap station). */
  stationType: z.enum(STATION_TYPES).nullable(),
  swaps: z.number().int(),
});

/** One of the ten stations with the fewest swappable batteries (charged, in a compartment, of an online cabinet). */
export const stationRankRow = z.object({
  stationId: z.number(),
  stationName: z.string(),
  stationType: z.enum(STATION_TYPES).nullable(),
  /** Batteries ready to swap now. */
  swappable: z.number().int(),
  /** Batteries standing in the station's cabinets. */
  batteries: z.number().int(),
  cabinets: z.number().int(),
});

/** `GET /dashboard/ranking`: the two rankings of the ranking card. */
export const dashboardRanking = z.object({
  /** Most swaps today first (ties by cabinet number). */
  busiestCabinets: z.array(cabinetRankRow),
  /** Fewest swappable batteries first (ties by the station added first). */
  emptiestStations: z.array(stationRankRow),
});
export type DashboardRanking = z.infer<typeof dashboardRanking>;

/**
 * One `figures` event of the dashboard's stream (`GET /dashboard/live`): a figure of the caller's
 * tenant changed (a swap, a sale, a customer, an alarm opened, acknowledged or cleared), so the
 * screen reloads these cards. Only the cards the caller holds are named; bursts are gathered into
 * one event a second at most. The stream opens with a `ready` event (`{ cards: [] }`); after a
 * reconnection the screen reloads all.
 */
export interface DashboardLiveEvent {
  cards: DashboardCard[];
  /**
   * A station of the caller's tenant may have changed state (a cabinet standing in it went offline
   * or online, one of its alarms opened or was handled): the fleet map reloads. Once in five
   * seconds at most.
   */
  stations?: true;
}
export const DASHBOARD_LIVE_EVENT = 'figures';

export const dashboardApi = {
  figures: endpoint({
    method: 'GET',
    path: '/dashboard/figures',
    access: { code: DASHBOARD_CARD_CODES.figures },
    answer: dashboardFigures,
  }),
  trend: endpoint({
    method: 'GET',
    path: '/dashboard/trend',
    access: { code: DASHBOARD_CARD_CODES.trends },
    query: dashboardTrendQuery,
    answer: dashboardTrend,
  }),
  ranking: endpoint({
    method: 'GET',
    path: '/dashboard/ranking',
    access: { code: DASHBOARD_CARD_CODES.ranking },
    answer: dashboardRanking,
  }),
  live: endpoint({
    method: 'GET',
    path: '/dashboard/live',
    // The fleet map follows it too: a holder of a station menu without a card hears its stations' changes.
    access: {
      code: DASHBOARD_CARD_CODES.figures,
      orCodes: [DASHBOARD_CARD_CODES.trends, DASHBOARD_CARD_CODES.ranking, ...STATION_TYPES.map((type) => STATION_SCREENS[type].code)],
    },
    answer: 'stream',
    summary: "Server-Sent Events: a `figures` event (the cards to reload) each time a figure of the caller's tenant changes",
  }),
} as const;
