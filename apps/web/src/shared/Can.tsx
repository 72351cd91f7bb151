import type { ReactNode } from 'react';
import { useAllowed, type Gate } from './permissions';

export interface CanProps extends Gate {
  /** One code, or a list of which any one suffices; omitted or '' renders the children. */
  code?: string | readonly string[];
  /** Rendered when the code is not held (default: nothing, the element is removed). */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Permission gate: action elements are removed unless the user holds one of the codes (and is platform staff, for `platformOnly`). */
export function Can({ code, platformOnly, fallback = null, children }: CanProps) {
  const allowed = useAllowed();
  return <>{allowed({ code, platformOnly }) ? children : fallback}</>;
}
