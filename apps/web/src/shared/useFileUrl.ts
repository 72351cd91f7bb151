import { useQuery, useQueryClient, type QueryCache } from '@tanstack/react-query';
import type { fileApi } from '@swap/contracts';
import { endpointKey, fetchFile } from './api/endpoints';

/** Last part of a stored file's key (after the download path and the id): its data holds an object URL. */
const OBJECT_URL = 'object-url';

interface StoredFile {
  url: string;
}

/** Caches whose removals free the object URLs they held (one subscription per cache). */
const watched = new WeakSet<QueryCache>();

function revokeWhenRemoved(cache: QueryCache): void {
  if (watched.has(cache)) return;
  watched.add(cache);
  cache.subscribe((event) => {
    if (event.type !== 'removed') return;
    const key = event.query.queryKey as readonly unknown[];
    if (key.at(-1) !== OBJECT_URL) return;
    const data = event.query.state.data as StoredFile | undefined;
    if (data) URL.revokeObjectURL(data.url);
  });
}

/**
 * An object URL for a stored file. Downloads need the session header, which an <img src> cannot
 * send, so the file is fetched through the client and shown from memory; the URL lives as long
 * as the cached file. A stored file never changes, so it is never refetched.
 */
export function useFileUrl(download: typeof fileApi.download | undefined, id: number | null | undefined) {
  const client = useQueryClient();
  revokeWhenRemoved(client.getQueryCache());
  const enabled = !!download && typeof id === 'number';
  const query = useQuery({
    queryKey: download ? [...endpointKey(download, { id }), OBJECT_URL] : [OBJECT_URL],
    queryFn: async ({ signal }): Promise<StoredFile> => {
      const file = await fetchFile(download!, { id: id! }, { signal });
      return { url: URL.createObjectURL(file.blob) };
    },
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  return {
    url: enabled ? (query.data?.url ?? null) : null,
    loading: enabled && query.isLoading,
    failed: enabled && query.isError,
    retry: () => void query.refetch(),
  };
}
