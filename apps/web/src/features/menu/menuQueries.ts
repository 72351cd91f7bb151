import { useQuery } from '@tanstack/react-query';
import type { PermissionNode } from '@swap/contracts';
import { api } from '../../shared/api/client';

export const MENU_TREE_KEY = ['admin-menu-tree'] as const;
export const RESOURCE_SEARCH = '/admin/resource/search';

/** The whole menu tree with every resource (GET /admin/menu/tree), for the editor. */
export function useMenuTree() {
  return useQuery({
    queryKey: MENU_TREE_KEY,
    queryFn: ({ signal }) => api.get<PermissionNode[]>('/admin/menu/tree', undefined, { signal }),
    retry: false,
  });
}
