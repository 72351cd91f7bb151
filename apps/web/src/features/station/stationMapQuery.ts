import { keepPreviousData, useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { StationMap } from '@swap/contracts';
import { endpointKey, request } from '../../shared/api/endpoints';
import type { StationView } from './stationView';

export interface MapAnswers {
  /** Each view's answer in order (the previous one while the next is asked), undefined before the first. */
  answers: (StationMap | undefined)[];
  /** Every view's answer to this very input, once all came; undefined meanwhile. */
  settled: StationMap[] | undefined;
  fetching: boolean;
}

// Stable, so the combined answer keeps its identity until one of the calls changes.
function combine(results: UseQueryResult<StationMap>[]): MapAnswers {
  const answers = results.map((result) => result.data);
  const settled = results.every((result) => result.data !== undefined && !result.isPlaceholderData) ? (answers as StationMap[]) : undefined;
  return { answers, settled, fetching: results.some((result) => result.isFetching) };
}

/**
 * The map call of each station type for these filters and view (none: not asked); each previous
 * answer is kept until the next one comes.
 */
export function useMapQueries(views: readonly StationView[], input: Record<string, unknown> | undefined): MapAnswers {
  const body = (input ?? {}) as never;
  return useQueries({
    queries: views.map((view) => ({
      queryKey: endpointKey(view.api.map, body),
      // The signal cancels a call whose view or filters changed before it answered.
      queryFn: ({ signal }: { signal: AbortSignal }): Promise<StationMap> => request(view.api.map, body, { signal }),
      enabled: input !== undefined,
      retry: false,
      placeholderData: keepPreviousData,
    })),
    combine,
  });
}
