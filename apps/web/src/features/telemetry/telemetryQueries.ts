import { useQuery, useQueryClient } from '@tanstack/react-query';
import { telemetryApi, type TrajectoryRange } from '@swap/contracts';
import { endpointKey, request } from '../../shared/api/endpoints';

export type TrackedKind = 'vehicle' | 'battery';

/** A quick range, or a start and an end (ISO date-times). */
export type TrajectorySpan = { range: TrajectoryRange } | { from: string; to: string };

/** A vehicle's or battery's trajectory over a range, read once and paged through on the screen; nothing is asked without a range. */
export function useTrajectory(kind: TrackedKind, id: string | undefined, span: TrajectorySpan | undefined) {
  const queryClient = useQueryClient();
  const endpoint = telemetryApi[kind].trajectory;
  const input = { id, ...span };
  const options = {
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }: { signal: AbortSignal }) => request(endpoint, input, { signal }),
    retry: false,
    // The table pages through the answer already loaded.
    staleTime: 60_000,
  };
  return { query: useQuery({ ...options, enabled: span !== undefined }), path: endpoint.path, fetch: () => queryClient.query(options) };
}
