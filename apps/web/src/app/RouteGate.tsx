import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { matchRoute } from '@swap/contracts';
import { usePermissions } from '../shared/permissions';
import { PageLoading } from './PageLoading';
import type { PageRoute } from './routeTables';

const NotFoundPage = lazy(async () => ({ default: (await import('../features/errors/NotFoundPage')).NotFoundPage }));
const NoPermissionView = lazy(async () => ({ default: (await import('../features/errors/NoPermissionPage')).NoPermissionView }));

/**
 * Checks a page's id parameters against their patterns and its permission code before showing it.
 * A page the user may not open is refused inside the shell, at its own address.
 */
export function RouteGate({ route, children }: { route: Omit<PageRoute, 'Page'>; children: ReactNode }) {
  const { pathname } = useLocation();
  const permissions = usePermissions();
  return (
    <Suspense fallback={<PageLoading />}>
      {!matchRoute(route, pathname) ? <NotFoundPage /> : !permissions.has(route.code) ? <NoPermissionView /> : children}
    </Suspense>
  );
}
