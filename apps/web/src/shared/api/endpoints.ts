import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { resourceOf, type AnswerOf, type EndpointDef, type InputOf } from '@swap/contracts';
import { api, authClient, saveBlob, type CallOptions, type QueryParams } from './client';

/**
 * Calls through the endpoint declarations of the contracts: the path, the method and the answer's
 * type come from the declaration, so a screen writes neither a path nor an answer type.
 */

function clientOf(endpoint: EndpointDef) {
  return endpoint.base === 'auth' ? authClient : api;
}

/** Calls a declared JSON endpoint and resolves its envelope's data. */
export function request<E extends EndpointDef>(endpoint: E, input: InputOf<E>, options?: CallOptions): Promise<AnswerOf<E>> {
  const client = clientOf(endpoint);
  return endpoint.method === 'GET'
    ? client.get<AnswerOf<E>>(endpoint.path, input as QueryParams | undefined, options)
    : client.post<AnswerOf<E>>(endpoint.path, input ?? {}, options);
}

/** POSTs the filter to a declared CSV export and saves the file. */
export function download<E extends EndpointDef>(endpoint: E, input: InputOf<E>, filename: string, options?: CallOptions): Promise<void> {
  return clientOf(endpoint).download(endpoint.path, input ?? {}, filename, options);
}

/** A declared multipart upload (its text fields first, then the file). */
type UploadEndpoint = EndpointDef & { method: 'POST'; multipart: true };

/** Sends a file with its text fields to a declared multipart upload and resolves its answer (a firmware image, say). */
export function upload<E extends UploadEndpoint>(
  endpoint: E,
  file: Blob,
  fields: Record<string, string>,
  options?: CallOptions,
): Promise<AnswerOf<E>> {
  return clientOf(endpoint).upload<AnswerOf<E>>(endpoint.path, file, fields, options);
}

/** A declared endpoint that answers a file (a stored image, the menu export). */
type FileEndpoint = EndpointDef & { method: 'GET'; answer: 'file' };

/** GETs a declared file endpoint with the session's headers; a failure envelope is reported and thrown. */
export function fetchFile<E extends FileEndpoint>(endpoint: E, input: InputOf<E>, options?: CallOptions) {
  return clientOf(endpoint).getFile(endpoint.path, input as QueryParams | undefined, options);
}

/** GETs a declared file endpoint and offers it to the user, under the server's file name or `filename`. */
export async function saveFile<E extends FileEndpoint>(endpoint: E, input: InputOf<E>, filename: string): Promise<void> {
  const file = await fetchFile(endpoint, input);
  saveBlob(file.blob, file.filename ?? filename);
}

/**
 * The query key of a call: the endpoint's path first, then its input. Every key of the product
 * starts with a path, so a change to a resource finds the cached answers to refresh by prefix.
 */
export function endpointKey<E extends EndpointDef>(endpoint: E, input?: InputOf<E>): readonly unknown[] {
  return input === undefined ? [endpoint.path] : [endpoint.path, input];
}

/** True when a query key belongs to the resource of `endpoint` (its path shares the resource's base). */
function keyOfResource(key: readonly unknown[], resource: string): boolean {
  const head = key[0];
  return typeof head === 'string' && head.startsWith(`${resource}/`);
}

/** Marks every cached answer of the endpoints' resources stale (lists, details, choices). */
export function invalidateResources(queryClient: QueryClient, endpoints: readonly EndpointDef[]): Promise<void> {
  const resources = [...new Set(endpoints.map((endpoint) => resourceOf(endpoint)))];
  return queryClient.invalidateQueries({ predicate: (query) => resources.some((resource) => keyOfResource(query.queryKey, resource)) });
}

/** Reads a declared endpoint as a query keyed by its path and input. */
export function useEndpointQuery<E extends EndpointDef>(
  endpoint: E,
  input: InputOf<E>,
  options: { enabled?: boolean; refetchInterval?: number; staleTime?: number } = {},
) {
  return useQuery({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => request(endpoint, input, { signal }),
    retry: false,
    ...options,
  });
}

/**
 * A change through a declared endpoint, for forms and buttons: resolves the answer once the cached
 * answers of the endpoint's resource (and of `alsoRefresh`) are marked stale, so every list and
 * detail showing the record reloads without a literal key.
 */
export function useEndpointMutation<E extends EndpointDef>(
  endpoint: E,
  alsoRefresh: readonly EndpointDef[] = [],
): (input: InputOf<E>) => Promise<AnswerOf<E>> {
  const queryClient = useQueryClient();
  return async (input) => {
    const answer = await request(endpoint, input);
    await invalidateResources(queryClient, [endpoint, ...alsoRefresh]);
    return answer;
  };
}
