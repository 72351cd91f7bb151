import type { ReactNode } from 'react';
import { useCan } from './permissions';

export interface CanProps {
  /** One code, or a list of which any one suffices; omitted or '' renders the children. */
  code?: string | readonly string[];
  /** Rendered when the code is not held (default: nothing, the element is removed). */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Permission gate: action elements are removed unless the user holds one of the codes. */
export function Can({ code, fallback = null, children }: CanProps) {
  const can = useCan();
  return <>{can(code) ? children : fallback}</>;
}
