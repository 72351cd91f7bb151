import { STATION_SCREENS, stationApi, type StationType } from '@swap/contracts';

/**
 * What the integrated-station and swap-station screens differ in (docs/stations-and-maps.md,
 * "Stations"): endpoints, permission code, routes and titles. Everything else is shared.
 */
export function stationView(type: StationType) {
  const screens = STATION_SCREENS[type];
  const page = type === 'INTEGRATED' ? 'store' : 'station';
  const base = screens.list.replace(/-list$/, '');
  return {
    type,
    api: stationApi[type],
    code: screens.code,
    listPath: screens.list,
    addPath: `${base}-add`,
    editPath: (id: number | string) => `${base}-edit/${id}`,
    detailPath: (id: number | string) => `${screens.detail}/${id}`,
    titleKey: `nav.${screens.code}`,
    addTitleKey: `page.${page}Add`,
    editTitleKey: `page.${page}Edit`,
    detailTitleKey: `page.${page}Detail`,
  };
}
export type StationView = ReturnType<typeof stationView>;
