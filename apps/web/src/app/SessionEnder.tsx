import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { registerSessionEnder } from '../shared/api/bridge';
import { resetSessionEnding } from '../shared/api/client';
import { clearSession } from '../shared/session';

/** What OK in the "Tip" dialog does: forget the user and go to sign-in. */
export function SessionEnder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      registerSessionEnder(() => {
        clearSession();
        queryClient.clear();
        resetSessionEnding();
        void navigate('/session/login', { replace: true });
      }),
    [navigate, queryClient],
  );
  return null;
}
