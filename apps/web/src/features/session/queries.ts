import { useMutation, useQuery } from '@tanstack/react-query';
import { sessionApi, type LoginBody } from '@swap/contracts';
import { endpointKey, request } from '../../shared/api/endpoints';

/**
 * The login page's settings (sessionApi.config): demo mode, its accounts and the server version. The
 * same cache entry as shared/publicSettings.ts (maps, tour), kept here so the sign-in route loads no
 * chunk of its own for it (docs/scaling.md, "Web bundle").
 */
export function usePublicConfig() {
  return useQuery({
    queryKey: endpointKey(sessionApi.config),
    queryFn: ({ signal }) => request(sessionApi.config, undefined, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** Sign-in (sessionApi.signIn): answers the session token and the account. */
export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => request(sessionApi.signIn, body) });
}
