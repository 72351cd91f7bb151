import { useQuery } from '@tanstack/react-query';
import { roleApi, type InputOf } from '@swap/contracts';
import { endpointKey, request } from '../../shared/api/endpoints';

/** The role screens' changes through the declared endpoints; the list reloads itself. */
export const roleChanges = {
  add: (body: InputOf<typeof roleApi.add>) => request(roleApi.add, body),
  edit: (body: InputOf<typeof roleApi.edit>) => request(roleApi.edit, body),
  remove: (id: number) => request(roleApi.remove, { id }),
};

/** The menus and resources the signed-in account may grant (GET /admin/role/grantable). */
export function useGrantableQuery(enabled: boolean) {
  return useQuery({
    queryKey: endpointKey(roleApi.grantable),
    queryFn: ({ signal }) => request(roleApi.grantable, undefined, { signal }),
    staleTime: 60_000,
    retry: false,
    enabled,
  });
}
