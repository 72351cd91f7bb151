import { menuApi } from '@swap/contracts';
import { endpointKey, request } from './api/endpoints';

/**
 * The call of the signed-in user's grants, as the shell reads it (useMenuLevels); the entry starts
 * it with a stored session (app/router.tsx), so it has no query hook of its own to carry.
 */
export const menuLevelsCall = () => ({
  queryKey: endpointKey(menuApi.levels),
  queryFn: ({ signal }: { signal: AbortSignal }) => request(menuApi.levels, undefined, { signal }),
  staleTime: Infinity,
  retry: false,
});
