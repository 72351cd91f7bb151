import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointKey, request } from '../../shared/api/endpoints';
import type { StationView } from './stationModel';

/** The map call for these filters and view (none: not asked); the previous answer is kept until the next one comes. */
export function useMapQuery(view: StationView, input: Record<string, unknown> | undefined) {
  const body = (input ?? {}) as never;
  return useQuery({
    queryKey: endpointKey(view.api.map, body),
    // The signal cancels a call whose view or filters changed before it answered.
    queryFn: ({ signal }) => request(view.api.map, body, { signal }),
    enabled: input !== undefined,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
