import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../shared/menuModel';
import { getToken } from '../../shared/session';

/** /callback: returns a signed-in user to where they were going, anyone else to sign-in. */
export function CallbackPage() {
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  if (getToken()) return <Navigate to={target ?? '/dashboard'} replace />;
  return <Navigate to={target ? `/session/login?redirect=${encodeURIComponent(target)}` : '/session/login'} replace />;
}
