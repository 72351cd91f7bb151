import { useMutation, useQuery } from '@tanstack/react-query';
import { sessionApi, type LoginBody, type SsoFinishBody } from '@swap/contracts';
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

/** Single sign-on's start (sessionApi.ssoStart): the provider's address, where the browser goes next. */
export function startSingleSignOn(redirect: string | null) {
  return request(sessionApi.ssoStart, redirect ? { redirect } : {});
}

/** Single sign-on's end (sessionApi.ssoFinish) with the provider's answer; the page shows a refusal itself. */
export function finishSingleSignOn(body: SsoFinishBody) {
  return request(sessionApi.ssoFinish, body, { quiet: () => true });
}

/** The lock screen's password check (sessionApi.unlock); a wrong password (408) is shown by the page, not as a notice. */
export function unlockSession(password: string) {
  return request(sessionApi.unlock, { password }, { quiet: (failure) => failure.code === 408 });
}

/** Sign-out (sessionApi.signOut): the server revokes the token. */
export function signOutSession() {
  return request(sessionApi.signOut, undefined);
}
