import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginBody, LoginResult, PublicConfig } from '@swap/contracts';
import { authApi } from '../../shared/api/client';

/** GET /api/auth/config: demo mode, its accounts and the server version. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['auth-config'],
    queryFn: ({ signal }) => authApi.get<PublicConfig>('/config', undefined, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** POST /api/auth/oms/login; resolves the whole envelope because its message is shown when no token comes back. */
export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => authApi.postEnvelope<Partial<LoginResult> | null>('/oms/login', body) });
}
