/**
 * Stations: the places where cabinets stand (docs/stations-and-maps.md, "Stations"). An integrated
 * station (Sites → Integrated stations, `site.store`) or a swap station (Sites → Swap stations,
 * `site.cabinet`); the two screens share one declaration, chosen by type.
 */
// Apart from the station schemas (station.ts), so that screens naming a cabinet's station load no more of them.
export const STATION_TYPES = ['INTEGRATED', 'SWAP'] as const;
export type StationType = (typeof STATION_TYPES)[number];

/** Where each type's screens and permission codes are. */
export const STATION_SCREENS = {
  INTEGRATED: { path: '/site/store', code: 'site.store', list: '/site/store-list', detail: '/site/store-detail' },
  SWAP: { path: '/site/cabinet', code: 'site.cabinet', list: '/site/cabinet-list', detail: '/site/cabinet-detail' },
} as const satisfies Record<StationType, { path: string; code: string; list: string; detail: string }>;

/** The path of each type's map call (the dashboard's live stream reloads its answers without loading the station schemas). */
export const stationMapPath = (type: StationType) => `${STATION_SCREENS[type].path}/map` as const;
