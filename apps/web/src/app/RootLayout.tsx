import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { LoadingScreen } from './LoadingScreen';
import { PageLoading } from './PageLoading';
import { SessionEnder } from './SessionEnder';

export function RootLayout() {
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
