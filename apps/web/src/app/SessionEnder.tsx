import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { registerSessionEnder } from '../shared/api/bridge';
import { resetSessionEnding } from '../shared/api/client';
import { safeRedirect } from '../shared/menuModel';
import { clearSession, lockedPage } from '../shared/session';

/**
 * What OK in the "Tip" dialog does: forget the user and go to sign-in, keeping the page the user was
 * on so signing in again returns there.
 */
export function SessionEnder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      registerSessionEnder(() => {
        // Ended while locked: back to the page the lock screen was keeping.
        const { pathname, search } = window.location;
        const back = safeRedirect(lockedPage() ?? `${pathname}${search}`);
        clearSession();
        queryClient.clear();
        resetSessionEnding();
        void navigate(back ? `/session/login?redirect=${encodeURIComponent(back)}` : '/session/login', { replace: true });
      }),
    [navigate, queryClient],
  );
  return null;
}
