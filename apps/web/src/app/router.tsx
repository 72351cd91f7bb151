import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ROUTES } from '@swap/contracts';
import { PAGES } from './pages';
import { RootLayout } from './RootLayout';
import { RouteGate } from './RouteGate';

const named = <T,>(load: () => Promise<T>) => lazy(async () => ({ default: (await load()) as ComponentType }));

const LoginPage = named(() => import('../features/session/LoginPage').then((m) => m.LoginPage));
const CallbackPage = named(() => import('../features/session/CallbackPage').then((m) => m.CallbackPage));
const ServerErrorPage = named(() => import('../features/errors/ServerErrorPage').then((m) => m.ServerErrorPage));
const NoPermissionPage = named(() => import('../features/errors/NoPermissionPage').then((m) => m.NoPermissionPage));
const NotFoundPage = named(() => import('../features/errors/NotFoundPage').then((m) => m.NotFoundPage));
const AuthedLayout = named(() => import('./AuthedLayout').then((m) => m.AuthedLayout));

/** Every ROUTES entry that has a page in PAGES, guarded by its code and id patterns. */
const PAGE_ROUTES = ROUTES.flatMap((route) => {
  const Page = PAGES[route.path];
  return Page ? [{ route, Page }] : [];
});

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<Navigate to="/dashboard" replace />} />
        <Route path="/session/login" element={<LoginPage />} />
        {/* Other session screens (sign-up, lock screen, password reset) are not offered: sign-in is the way in. */}
        <Route path="/session/*" element={<Navigate to="/session/login" replace />} />
        <Route path="/callback" element={<CallbackPage />} />
        <Route path="/error-page/500" element={<ServerErrorPage />} />
        <Route path="/error-page/401" element={<NoPermissionPage />} />
        <Route element={<AuthedLayout />}>
          {PAGE_ROUTES.map(({ route, Page }) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <RouteGate route={route}>
                  <Page />
                </RouteGate>
              }
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
