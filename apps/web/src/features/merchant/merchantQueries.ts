import { merchantApi, type InputOf } from '@swap/contracts';
import { request, useEndpointMutation } from '../../shared/api/endpoints';

/** Add and edit; each refreshes the merchant lists and details. */
export function useMerchantChanges() {
  const add = useEndpointMutation(merchantApi.add);
  const edit = useEndpointMutation(merchantApi.edit);
  return { add: (body: InputOf<typeof merchantApi.add>) => add(body), edit: (body: InputOf<typeof merchantApi.edit>) => edit(body) };
}

/** Remove from the merchant list (the list reloads its page itself). */
export function removeMerchant(id: number) {
  return request(merchantApi.remove, { id });
}
