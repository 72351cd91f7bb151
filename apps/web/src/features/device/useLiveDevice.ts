import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveApi, type LiveKind } from '@swap/contracts';
import { readLiveStream, type LiveStatus } from '../../shared/api/liveStream';
import { endpointKey } from '../../shared/api/endpoints';
import { DEVICE_APIS } from './deviceModel';

/**
 * Follows one device live: each change the server pushes reloads that device's detail query, and
 * so does every reconnection (changes may have been missed meanwhile). Returns the stream's status.
 */
export function useLiveDevice(kind: LiveKind, id: string | undefined): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    if (!id) return undefined;
    const queryKey = endpointKey(DEVICE_APIS[kind].detail, { id });
    let readyBefore = false;
    return readLiveStream({
      path: `${liveApi[kind].live.path}?id=${encodeURIComponent(id)}`,
      onStatus: setStatus,
      onEvent: (name) => {
        if (name === 'change' || (name === 'ready' && readyBefore)) void queryClient.invalidateQueries({ queryKey });
        if (name === 'ready') readyBefore = true;
      },
    });
  }, [kind, id, queryClient]);
  return status;
}
