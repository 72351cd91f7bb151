import { useMutation, useQuery } from '@tanstack/react-query';
import { authApi, type LoginBody } from '@swap/contracts';
import { endpointKey, request } from '../../shared/api/endpoints';

/** The login page's settings (authApi.config): demo mode, its accounts and the server version. */
export function usePublicConfig() {
  return useQuery({
    queryKey: endpointKey(authApi.config),
    queryFn: ({ signal }) => request(authApi.config, undefined, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** Sign-in (authApi.signIn): answers the session token and the account. */
export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => request(authApi.signIn, body) });
}
