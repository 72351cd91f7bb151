import { useMutation } from '@tanstack/react-query';
import { sessionApi, type ForgotPasswordBody, type ResetPasswordBody } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';

/** Asks for a password reset link (sessionApi.forgotPassword): the same answer whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordBody) => request(sessionApi.forgotPassword, body) });
}

/** Sets a new password with a reset link's token (sessionApi.resetPassword). */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => request(sessionApi.resetPassword, body) });
}
