import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, EndpointDef } from '@swap/contracts';
import { readLiveStream, type LiveStatus } from '../api/liveStream';
import { detailInput, useDetail, type DetailEndpoint, type DetailQuery } from './useDetail';

/**
 * Follows one record live through its declared stream (`?id=`): each change the server pushes marks
 * the cached answer under `detailKey` stale, so it reloads, and so does every reconnection (changes
 * may have been missed meanwhile); so are the answers under `alsoKeys` (what the page shows beside the
 * record and the stream also tells of). Returns the stream's status.
 */
export function useLiveRecord(
  stream: EndpointDef,
  detailKey: readonly unknown[],
  id: string | undefined,
  alsoKeys: readonly (readonly unknown[])[] = [],
): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // The keys are rebuilt on every render: follow their content, not their identity.
  const keysText = JSON.stringify([detailKey, ...alsoKeys]);
  useEffect(() => {
    if (!id) return undefined;
    const queryKeys = JSON.parse(keysText) as unknown[][];
    let readyBefore = false;
    return readLiveStream({
      path: `${stream.path}?id=${encodeURIComponent(id)}`,
      onStatus: setStatus,
      onEvent: (name) => {
        if (name === 'change' || (name === 'ready' && readyBefore))
          for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
        if (name === 'ready') readyBefore = true;
      },
    });
  }, [stream.path, id, keysText, queryClient]);
  return status;
}

/**
 * useDetail of a resource with a live stream: the record reloads at each change (and the answers under
 * `alsoKeys`, see useLiveRecord); `live` tells the stream's status.
 */
export function useLiveDetail<E extends DetailEndpoint>(
  endpoint: E,
  stream: EndpointDef,
  id: string | undefined,
  alsoKeys: readonly (readonly unknown[])[] = [],
): DetailQuery<AnswerOf<E>> {
  const detail = useDetail(endpoint, id);
  const { valid, queryKey } = detailInput(endpoint, id);
  const live = useLiveRecord(stream, queryKey, valid ? id : undefined, alsoKeys);
  return { ...detail, live };
}
