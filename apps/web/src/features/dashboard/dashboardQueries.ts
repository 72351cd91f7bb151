import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_LIVE_EVENT, dashboardApi, type DashboardCard, type DashboardLiveEvent, type DashboardRange } from '@swap/contracts';
import { endpointKey, useEndpointQuery } from '../../shared/api/endpoints';
import { readLiveStream, type LiveStatus } from '../../shared/api/liveStream';

/** The call behind each card; a reload of a card reloads every answer of its call (each trend range). */
const CARD_ENDPOINTS = { figures: dashboardApi.figures, trends: dashboardApi.trend, ranking: dashboardApi.ranking } as const;

export const useFigures = (enabled: boolean) => useEndpointQuery(dashboardApi.figures, undefined, { enabled });
export const useTrend = (range: DashboardRange, enabled: boolean) => useEndpointQuery(dashboardApi.trend, { range }, { enabled });
export const useRanking = (enabled: boolean) => useEndpointQuery(dashboardApi.ranking, undefined, { enabled });

/**
 * Follows the dashboard's stream (docs/dashboard.md, "Live") while the account holds one of its
 * cards: each `figures` event reloads the cards it names, and every reconnection reloads them all
 * (changes may have been missed meanwhile). Returns the stream's status.
 */
export function useDashboardLive(held: readonly DashboardCard[]): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const key = held.join();
  useEffect(() => {
    if (!key) return undefined;
    const cards = key.split(',') as DashboardCard[];
    const reload = (names: readonly DashboardCard[]) => {
      for (const card of names)
        if (cards.includes(card)) void queryClient.invalidateQueries({ queryKey: endpointKey(CARD_ENDPOINTS[card]) });
    };
    let readyBefore = false;
    return readLiveStream({
      path: dashboardApi.live.path,
      onStatus: setStatus,
      onEvent: (name, data) => {
        if (name === DASHBOARD_LIVE_EVENT) reload((data as DashboardLiveEvent).cards ?? []);
        if (name === 'ready') {
          if (readyBefore) reload(cards);
          readyBefore = true;
        }
      },
    });
  }, [key, queryClient]);
  return status;
}
