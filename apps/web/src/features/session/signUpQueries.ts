import { useMutation } from '@tanstack/react-query';
import { signUpApi, type SignUpApply } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';

/** Sends an application to become a merchant (signUpApi.apply); the page shows a refusal itself, at its fields or above the button. */
export function useSignUp() {
  return useMutation({ mutationFn: (body: SignUpApply) => request(signUpApi.apply, body, { quiet: () => true }) });
}
