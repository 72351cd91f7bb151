import { useQuery } from '@tanstack/react-query';
import { idParam, type AnswerOf, type EndpointDef, type InputOf } from '@swap/contracts';
import { endpointKey, request } from '../api/endpoints';
import { isApiError, isServerFailure } from '../api/errors';
import type { LiveStatus } from '../api/liveStream';

/**
 * Where a detail page stands: loading its record, showing it, told by the server that the record
 * does not exist (or belongs to another tenant), failed in a way a retry may fix, or unreachable.
 */
export type DetailStatus = 'loading' | 'ready' | 'notFound' | 'failed' | 'serverFailure';

/** What a per-resource detail hook answers (useBatteryDetail, useMerchantDetail, …); DetailFrame shows it. */
export interface DetailQuery<T> {
  state: DetailStatus;
  /** The record once loaded; kept on screen while it reloads. */
  record: T | undefined;
  /** The server's words for the failure (its message in the user's language). */
  errorMessage: string | undefined;
  /** Reads the record again. */
  retry: () => void;
  /** The live stream's status where the resource is followed live (see useLiveDetail). */
  live?: LiveStatus;
}

/** A declared detail read: `GET …/detail?id=`. */
export type DetailEndpoint = EndpointDef & { method: 'GET' };

/** The server's not-found answer (HTTP 404): a missing record, or another tenant's. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Checks the route's id; the key and input of the detail read (with what else the address names, `more`). */
export function detailInput<E extends DetailEndpoint>(endpoint: E, id: string | undefined, more: Record<string, string | undefined> = {}) {
  // Detail endpoints take `?id=` (idQuery); the route gives it as text, as the query string carries it.
  const input = { ...more, id } as InputOf<E>;
  return { valid: idParam.safeParse(id).success, input, queryKey: endpointKey(endpoint, input) };
}

/**
 * Reads one record through its declared detail endpoint, keyed by the endpoint (so any change to
 * the resource refreshes it). An id that cannot be one (`/detail/abc`) is not found without asking;
 * a not-found answer is shown by the page, not as an error notification. `more` adds what else the
 * address names to the read (a vehicle order's type: `/order/vehicle/detail/:id/:type`).
 */
export function useDetail<E extends DetailEndpoint>(
  endpoint: E,
  id: string | undefined,
  more?: Record<string, string | undefined>,
): DetailQuery<AnswerOf<E>> {
  const { valid, input, queryKey } = detailInput(endpoint, id, more);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => request(endpoint, input, { signal, quiet: isNotFound }),
    enabled: valid,
    retry: false,
  });
  const record = query.data;
  const { error } = query;
  let state: DetailStatus;
  if (!valid || (query.isError && isNotFound(error))) state = 'notFound';
  else if (record !== undefined) state = 'ready';
  else if (query.isError) state = isServerFailure(error) ? 'serverFailure' : 'failed';
  else state = 'loading';
  return {
    state,
    record: state === 'ready' ? record : undefined,
    errorMessage: isApiError(error) ? error.message : undefined,
    retry: () => void query.refetch(),
  };
}
