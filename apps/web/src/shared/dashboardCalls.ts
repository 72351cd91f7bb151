import type { QueryClient } from '@tanstack/react-query';
import { DASHBOARD_CARD_CODES, dashboardApi, menuApi, type DashboardRange, type MenuLevels } from '@swap/contracts';
import { endpointKey, request } from './api/endpoints';
import { menuLevelsCall } from './sessionCalls';

/**
 * The dashboard's calls as its cards read them (the dashboard feature's dashboardQueries.ts), here so
 * the shell can start them before the page's code has come (docs/dashboard.md, "The page"). They take
 * no abort signal: the query cache cancels a call whose signal was read once no card watches it, so a
 * card drawn and drawn again before the answer would cancel the shared early call and ask again.
 */
export const figuresCall = () => ({
  queryKey: endpointKey(dashboardApi.figures),
  queryFn: () => request(dashboardApi.figures, undefined),
});
export const trendCall = (range: DashboardRange) => ({
  queryKey: endpointKey(dashboardApi.trend, { range }),
  queryFn: () => request(dashboardApi.trend, { range }),
});
export const rankingCall = () => ({
  queryKey: endpointKey(dashboardApi.ranking),
  queryFn: () => request(dashboardApi.ranking, undefined),
});

let started = false;

/**
 * Opened on the dashboard, the app asks for the cards the account holds as soon as its grants
 * answer (GET /admin/menu/levels, which the entry asks for with a stored session: startSessionCalls),
 * beside the shell's own calls and the loading of the page's code, instead of once the page has
 * drawn: the first paint of the figures waits for one call fewer. Once per page load; the cards then find the answers in the cache (fresh for the query client's
 * stale time). Returns the end of the watch.
 */
export function startDashboardCalls(queryClient: QueryClient, pathname: string): () => void {
  if (started || pathname !== '/dashboard') return () => undefined;
  const start = (codes: readonly string[]) => {
    if (started) return;
    started = true;
    const held = (card: keyof typeof DASHBOARD_CARD_CODES) => codes.includes(DASHBOARD_CARD_CODES[card]);
    // A failure is the card's to show: it asks again once drawn.
    const quiet = () => undefined;
    if (held('figures')) queryClient.query(figuresCall()).catch(quiet);
    if (held('trends')) queryClient.query(trendCall('today')).catch(quiet);
    if (held('ranking')) queryClient.query(rankingCall()).catch(quiet);
  };
  const levelsKey = endpointKey(menuApi.levels);
  const known = queryClient.getQueryData<MenuLevels>(levelsKey);
  if (known) {
    start(known.codes);
    return () => undefined;
  }
  // At the answer itself, before the shell has rendered with it; the watch ends there.
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || (event.query.queryKey as readonly unknown[])[0] !== levelsKey[0]) return;
    const levels = event.query.state.data as MenuLevels | undefined;
    if (!levels) return;
    start(levels.codes);
    stop();
  });
  return stop;
}

/**
 * Started by the entry with a stored session (app/router.tsx): the session's grants, asked as the
 * shell reads them, and on the dashboard its cards' calls at their answer.
 */
export function startSessionCalls(queryClient: QueryClient, pathname: string): void {
  queryClient.query(menuLevelsCall()).catch(() => undefined);
  startDashboardCalls(queryClient, pathname);
}
