import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { matchRoute } from '@swap/contracts';
import { usePermissions } from '../shared/permissions';
import { PageLoading } from './PageLoading';
import type { PageRoute } from './routeTables';

const NotFoundPage = lazy(async () => ({ default: (await import('../features/errors/NotFoundPage')).NotFoundPage }));

/** Checks a page's id parameters against their patterns and its permission code before showing it. */
export function RouteGate({ route, children }: { route: Omit<PageRoute, 'Page'>; children: ReactNode }) {
  const { pathname } = useLocation();
  const permissions = usePermissions();
  return (
    <Suspense fallback={<PageLoading />}>
      {!matchRoute(route, pathname) ? (
        <NotFoundPage />
      ) : !permissions.has(route.code) ? (
        <Navigate to="/error-page/401" replace />
      ) : (
        children
      )}
    </Suspense>
  );
}
