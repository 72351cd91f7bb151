import { useMutation } from '@tanstack/react-query';
import { sessionApi, type LoginBody } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';

/** Sign-in (sessionApi.signIn): answers the session token and the account. */
export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => request(sessionApi.signIn, body) });
}
