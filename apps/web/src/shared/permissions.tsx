import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { PermissionNode } from '@swap/contracts';

/** The signed-in user's grants: the codes of GET /admin/menu/levels and its tree. */
export interface Permissions {
  codes: ReadonlySet<string>;
  tree: PermissionNode[];
  /** '' means "sign-in only" and is always held. */
  has: (code: string) => boolean;
  hasAny: (codes: readonly string[]) => boolean;
}

function makePermissions(codes: readonly string[], tree: PermissionNode[]): Permissions {
  const set = new Set(codes);
  const has = (code: string) => code === '' || set.has(code);
  return { codes: set, tree, has, hasAny: (list) => list.length === 0 || list.some(has) };
}

const PermissionsContext = createContext<Permissions>(makePermissions([], []));

export function PermissionsProvider({ codes, tree, children }: { codes: readonly string[]; tree: PermissionNode[]; children: ReactNode }) {
  const value = useMemo(() => makePermissions(codes, tree), [codes, tree]);
  return <PermissionsContext.Provider value={value}>{children}</PermissionsContext.Provider>;
}

export function usePermissions(): Permissions {
  return useContext(PermissionsContext);
}

/** `can('admin.role.add')` or `can(['a', 'b'])` (any of them). */
export function useCan(): (code: string | readonly string[] | undefined) => boolean {
  const permissions = usePermissions();
  return (code) => (code === undefined ? true : typeof code === 'string' ? permissions.has(code) : permissions.hasAny(code));
}
