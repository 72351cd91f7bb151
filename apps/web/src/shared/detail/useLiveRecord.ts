import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, EndpointDef } from '@swap/contracts';
import { readLiveStream, type LiveStatus } from '../api/liveStream';
import { detailInput, useDetail, type DetailEndpoint, type DetailQuery } from './useDetail';

/**
 * Follows one record live through its declared stream (`?id=`): each change the server pushes marks
 * the cached answer under `detailKey` stale, so it reloads, and so does every reconnection (changes
 * may have been missed meanwhile). Returns the stream's status.
 */
export function useLiveRecord(stream: EndpointDef, detailKey: readonly unknown[], id: string | undefined): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // The key is rebuilt on every render: follow its content, not its identity.
  const keyText = JSON.stringify(detailKey);
  useEffect(() => {
    if (!id) return undefined;
    const queryKey = JSON.parse(keyText) as unknown[];
    let readyBefore = false;
    return readLiveStream({
      path: `${stream.path}?id=${encodeURIComponent(id)}`,
      onStatus: setStatus,
      onEvent: (name) => {
        if (name === 'change' || (name === 'ready' && readyBefore)) void queryClient.invalidateQueries({ queryKey });
        if (name === 'ready') readyBefore = true;
      },
    });
  }, [stream.path, id, keyText, queryClient]);
  return status;
}

/** useDetail of a resource with a live stream: the record reloads at each change; `live` tells the stream's status. */
export function useLiveDetail<E extends DetailEndpoint>(
  endpoint: E,
  stream: EndpointDef,
  id: string | undefined,
): DetailQuery<AnswerOf<E>> {
  const detail = useDetail(endpoint, id);
  const { valid, queryKey } = detailInput(endpoint, id);
  const live = useLiveRecord(stream, queryKey, valid ? id : undefined);
  return { ...detail, live };
}
