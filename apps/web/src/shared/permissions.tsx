import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { PermissionNode } from '@swap/contracts';
import { isPlatformUser } from './session';

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
  return (code) => gateOpen({ code }, permissions, true);
}

/**
 * What an action asks of the user: one of its codes and, for platform data (an endpoint of scope
 * 'platform', such as the areas' writes), a platform account. A merchant's account granted such a
 * code sees no action the server would refuse it.
 */
export interface Gate {
  /** One code, or a list of which any one suffices; omitted: whoever sees the screen. */
  code?: string | readonly string[];
  /** Only platform staff may do it, whatever codes a merchant's account holds. */
  platformOnly?: boolean;
}

/** Whether a gate is open for a user with these grants, on the platform or not. */
export function gateOpen(gate: Gate, permissions: Pick<Permissions, 'has' | 'hasAny'>, platform: boolean): boolean {
  if (gate.platformOnly && !platform) return false;
  const { code } = gate;
  return code === undefined ? true : typeof code === 'string' ? permissions.has(code) : permissions.hasAny(code);
}

/** `allowed({ code: 'admin.area.add', platformOnly: true })`: the signed-in user's check of a gate. */
export function useAllowed(): (gate: Gate) => boolean {
  const permissions = usePermissions();
  const platform = isPlatformUser();
  return (gate) => gateOpen(gate, permissions, platform);
}
