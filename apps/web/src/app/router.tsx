import { lazy, Suspense, use, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoading } from './PageLoading';
import { RootLayout } from './RootLayout';
import { RouteGate } from './RouteGate';
import { centresOf, routesOf, type PageRoute } from './routeTables';
import { loadFeatureTexts } from '../i18n';
import { SIGNED_IN_TEXTS } from '../i18n/catalogue';
import { getToken } from '../shared/session';

const named = <T,>(load: () => Promise<T>) => lazy(async () => ({ default: (await load()) as ComponentType }));

const loadLoginPage = () => import('../features/session/LoginPage').then((m) => m.LoginPage);
const LoginPage = named(loadLoginPage);
/** The password recovery pages come with their own texts (features/session/recovery.texts.ts). */
const recoveryPage = (page: 'ForgotPasswordPage' | 'ResetPasswordPage') =>
  named(async () => {
    const [pages] = await Promise.all([import('../features/session/RecoveryPages'), loadFeatureTexts(['session/recovery.texts.ts'])]);
    return pages[page];
  });
const ForgotPasswordPage = recoveryPage('ForgotPasswordPage');
const ResetPasswordPage = recoveryPage('ResetPasswordPage');
/** Sign-up comes with its own texts too (features/session/signUp.texts.ts). */
const SignUpPage = named(async () => {
  const [page] = await Promise.all([import('../features/session/SignUpPage'), loadFeatureTexts(['session/signUp.texts.ts'])]);
  return page.SignUpPage;
});
/** The lock screen comes with its texts (features/session/lock.texts.ts). */
const LockScreenPage = named(async () => {
  const [page] = await Promise.all([import('../features/session/LockScreenPage'), loadFeatureTexts(['session/lock.texts.ts'])]);
  return page.LockScreenPage;
});
const CallbackPage = named(() => import('../features/session/CallbackPage').then((m) => m.CallbackPage));
const ServerErrorPage = named(() => import('../features/errors/ServerErrorPage').then((m) => m.ServerErrorPage));
const NoPermissionPage = named(() => import('../features/errors/NoPermissionPage').then((m) => m.NoPermissionPage));
const NotFoundPage = named(() => import('../features/errors/NotFoundPage').then((m) => m.NotFoundPage));
const loadAuthedLayout = () => import('./AuthedLayout');
/** The shell comes with the texts only signed-in screens show (i18n/<language>/signed-in). */
const AuthedLayout = named(async () => {
  const [layout] = await Promise.all([loadAuthedLayout(), loadFeatureTexts([SIGNED_IN_TEXTS])]);
  return layout.AuthedLayout;
});

/** Where sign-in leads back to after a signed-out visit of `pathname` and `search`. */
const signInFor = (pathname: string, search: string) => `/session/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;

/**
 * The signed-in area, entered only with a session: a signed-out visit (`/` too) goes to sign-in
 * before the shell's code is fetched, so it loads what the sign-in page needs and no more
 * (docs/scaling.md, "Web bundle").
 */
function SignedInArea() {
  const { pathname, search } = useLocation();
  return getToken() ? <AuthedLayout /> : <Navigate to={signInFor(pathname, search)} replace />;
}

/**
 * Starts fetching the code of the first screen while the language loads (main.tsx), instead of
 * after it: the sign-in page for a signed-out visit of the sign-in page or of the signed-in area,
 * the shell for a signed-in one. The other pages outside the shell load when rendered.
 */
export function preloadFirstScreen(pathname: string, queryClient: QueryClient): void {
  const outside = pathname.startsWith('/session/') || pathname.startsWith('/error-page/') || pathname === '/callback';
  if (pathname === '/session/login' || (!outside && !getToken())) void loadLoginPage();
  else if (!outside) {
    void loadAuthedLayout();
    // The session's grants are asked beside the shell's code, not once it has come and run; opened
    // on the dashboard (`/` leads there), its cards' calls start at their answer. A small chunk of
    // its own, so the entry carries none of those calls.
    void import('../shared/dashboardCalls').then(({ startSessionCalls }) =>
      startSessionCalls(queryClient, pathname === '/' ? '/dashboard' : pathname),
    );
  }
}

/** The routes of a centre's table that have a page, each guarded by its code and id patterns. */
function CentreRoutes({ routes }: { routes: Promise<PageRoute[]> }) {
  return (
    <Routes>
      {use(routes).map(({ Page, ...route }) => (
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
    </Routes>
  );
}

/** A signed-in address: the route table of its centre is loaded with the first page opened there (app/routeTables.ts). */
function SignedInPages() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<PageLoading />}>
      {centresOf(pathname).length === 0 ? <NotFoundPage /> : <CentreRoutes routes={routesOf(pathname)} />}
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<Navigate to="/dashboard" replace />} />
        <Route path="/session/login" element={<LoginPage />} />
        <Route path="/session/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/session/reset-password" element={<ResetPasswordPage />} />
        <Route path="/session/sign-up" element={<SignUpPage />} />
        <Route path="/session/lock-screen" element={<LockScreenPage />} />
        <Route path="/session/*" element={<Navigate to="/session/login" replace />} />
        <Route path="/callback" element={<CallbackPage />} />
        <Route path="/error-page/500" element={<ServerErrorPage />} />
        <Route path="/error-page/401" element={<NoPermissionPage />} />
        <Route element={<SignedInArea />}>
          <Route path="*" element={<SignedInPages />} />
        </Route>
      </Route>
    </Routes>
  );
}
