import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { removeFiguresPicture } from '../shared/firstScreen';
import { ErrorBoundary } from './ErrorBoundary';
import { LoadingScreen } from './LoadingScreen';
import { PageLoading } from './PageLoading';
import { SessionEnder } from './SessionEnder';

export function RootLayout() {
  const { pathname } = useLocation();
  // The dashboard's picture drawn before the code is the dashboard's only, `/` included, which
  // opens it (docs/dashboard.md, "First paint").
  useEffect(() => {
    if (pathname !== '/dashboard' && pathname !== '/') removeFiguresPicture();
  }, [pathname]);
  return (
    <>
      <SessionEnder />
      <ErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <LoadingScreen />
    </>
  );
}
