import { useQuery, useQueryClient } from '@tanstack/react-query';
import { telemetryApi, type TrajectoryRange } from '@swap/contracts';
import { endpointKey, request } from '../../shared/api/endpoints';

export type TrackedKind = 'vehicle' | 'battery';

/** A vehicle's or battery's trajectory over a range, read once and paged through on the screen. */
export function useTrajectory(kind: TrackedKind, id: string | undefined, range: TrajectoryRange) {
  const queryClient = useQueryClient();
  const endpoint = telemetryApi[kind].trajectory;
  const options = {
    queryKey: endpointKey(endpoint, { id, range }),
    queryFn: ({ signal }: { signal: AbortSignal }) => request(endpoint, { id, range }, { signal }),
    retry: false,
    // The table pages through the answer already loaded.
    staleTime: 60_000,
  };
  return { query: useQuery(options), path: endpoint.path, fetch: () => queryClient.query(options) };
}
