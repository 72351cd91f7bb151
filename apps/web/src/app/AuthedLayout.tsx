import { CENTRES, SESSION_ENDING_CODES } from '@swap/contracts';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { isApiError, isServerFailure } from '../shared/api/errors';
import { AntdProvider } from '../shared/AntdProvider';
import { startDashboardCalls } from '../shared/dashboardCalls';
import { CurrencyProvider } from '../shared/money';
import { PermissionsProvider } from '../shared/permissions';
import { getToken, lockedPage } from '../shared/session';
import { useCurrencyConfig, useMenuLevels } from '../shared/sessionData';
import { PageLoading } from './PageLoading';

import { Shell } from './shell/Shell';

/** Signed-in area (entered with a token): grants → (no centre: 401) → shell with the currency. */
export function AuthedLayout() {
  const location = useLocation();
  const token = getToken();
  const levels = useMenuLevels(!!token);
  const currency = useCurrencyConfig(!!token && levels.isSuccess);
  const queryClient = useQueryClient();
  // Opened on the dashboard: its cards' calls start at the grants' answer, not after the page's code.
  const [firstPath] = useState(location.pathname);
  useEffect(() => startDashboardCalls(queryClient, firstPath), [queryClient, firstPath]);

  // Entered with a session only (app/router.tsx, SignedInArea); a session ended meanwhile is SessionEnder's.
  if (!token) return <PageLoading />;
  // A locked session shows no page's content until the password is given again.
  if (lockedPage() !== null) return <Navigate to="/session/lock-screen" replace />;
  if (levels.isError) {
    const error = levels.error;
    // A session-ending code opens the "Tip" dialog; wait for it.
    if (isApiError(error) && (SESSION_ENDING_CODES as readonly number[]).includes(error.code)) return <PageLoading />;
    if (isServerFailure(error)) return <Navigate to={`/error-page/500?from=${encodeURIComponent(location.pathname)}`} replace />;
    return <Navigate to="/error-page/401" replace />;
  }
  if (!levels.data) return <PageLoading />;
  const { codes, tree } = levels.data;
  if (!CENTRES.some((centre) => codes.includes(centre))) return <Navigate to="/error-page/401" replace />;
  return (
    <AntdProvider>
      <PermissionsProvider codes={codes} tree={tree}>
        <CurrencyProvider currency={currency.data?.currency ?? null}>
          <Shell />
        </CurrencyProvider>
      </PermissionsProvider>
    </AntdProvider>
  );
}
