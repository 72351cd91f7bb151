import { useQuery } from '@tanstack/react-query';
import { sessionApi } from '@swap/contracts';
import { endpointKey, request } from './api/endpoints';

/**
 * The server's public settings (sessionApi.config): demo mode and its accounts, the version, the
 * map tiles and whether the first-visit tour runs, for the maps and the tour (the login page reads
 * the same cache entry through its own hook). Read once per page load; a failure is not announced,
 * each reader falls back to its default.
 */
export function usePublicSettings() {
  return useQuery({
    queryKey: endpointKey(sessionApi.config),
    queryFn: ({ signal }) => request(sessionApi.config, undefined, { signal, quiet: () => true }),
    staleTime: Infinity,
    retry: false,
  });
}
