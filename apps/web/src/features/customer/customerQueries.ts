import { identityApi, type IdentitySubmit } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';

/** Sends a customer's identity on their behalf (docs/customers.md, "Identity audits"). */
export function submitIdentity(input: IdentitySubmit) {
  return request(identityApi.submit, input);
}
