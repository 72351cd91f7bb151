import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DASHBOARD_LIVE_EVENT,
  dashboardApi,
  STATION_TYPES,
  stationMapPath,
  type DashboardCard,
  type DashboardLiveEvent,
  type DashboardRange,
} from '@swap/contracts';
import { endpointKey } from '../../shared/api/endpoints';
import { figuresCall, rankingCall, trendCall } from '../../shared/dashboardCalls';
import { readLiveStream, type LiveStatus } from '../../shared/api/liveStream';

/** The call behind each card; a reload of a card reloads every answer of its call (each trend range). */
const CARD_ENDPOINTS = { figures: dashboardApi.figures, trends: dashboardApi.trend, ranking: dashboardApi.ranking } as const;

// The calls' keys and requests are the shell's too: it may have started them (shared/dashboardCalls.ts).
export const useFigures = (enabled: boolean) => useQuery({ ...figuresCall(), retry: false, enabled });
export const useTrend = (range: DashboardRange, enabled: boolean) => useQuery({ ...trendCall(range), retry: false, enabled });
export const useRanking = (enabled: boolean) => useQuery({ ...rankingCall(), retry: false, enabled });

/**
 * Follows the dashboard's stream (docs/dashboard.md, "Live") while the account holds one of its
 * cards or sees the fleet map (`map`): each `figures` event reloads the cards it names, and the
 * fleet map when its stations changed state; every reconnection reloads them all (changes may have
 * been missed meanwhile). Returns the stream's status.
 */
export function useDashboardLive(held: readonly DashboardCard[], map: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const key = held.length || map ? `${held.join()}|${map}` : '';
  useEffect(() => {
    if (!key) return undefined;
    const cards = key.split('|')[0]!.split(',').filter(Boolean) as DashboardCard[];
    const reload = (names: readonly DashboardCard[], stations: boolean) => {
      for (const card of names)
        if (cards.includes(card)) void queryClient.invalidateQueries({ queryKey: endpointKey(CARD_ENDPOINTS[card]) });
      // The map's answers of every view (a map not shown has none to reload).
      if (stations) for (const type of STATION_TYPES) void queryClient.invalidateQueries({ queryKey: [stationMapPath(type)] });
    };
    let readyBefore = false;
    return readLiveStream({
      path: dashboardApi.live.path,
      onStatus: setStatus,
      onEvent: (name, data) => {
        if (name === DASHBOARD_LIVE_EVENT) reload((data as DashboardLiveEvent).cards ?? [], (data as DashboardLiveEvent).stations === true);
        if (name === 'ready') {
          if (readyBefore) reload(cards, true);
          readyBefore = true;
        }
      },
    });
  }, [key, queryClient]);
  return status;
}
