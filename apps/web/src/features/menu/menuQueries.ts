import { menuApi } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';

/** The whole menu tree with every resource (GET /admin/menu/tree), for the editor. */
export function useMenuTree() {
  return useEndpointQuery(menuApi.tree, undefined);
}
