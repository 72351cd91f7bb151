import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionApi } from '@swap/contracts';
import { lastServerCall } from '../../shared/api/bridge';
import { request } from '../../shared/api/endpoints';
import { usePublicSettings } from '../../shared/publicSettings';
import { lockSession } from '../../shared/session';

const ACTIVITY = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
const WARN_MS = 60_000;

// The warning is rarely shown: its dialog code loads when it first opens, not with every page.
const IdleWarning = lazy(async () => ({ default: (await import('./IdleWarning')).IdleWarning }));

/**
 * The session's two clocks in the browser (docs/security.md, "Lock screen" and "Sessions"): the
 * screen locks after the common setting's minutes without a key press or pointer move; a minute
 * before the server's idle time ends the session, a warning offers to stay signed in.
 */
export function SessionGuard() {
  const navigate = useNavigate();
  const location = useLocation();
  const settings = usePublicSettings();
  const lastActivity = useRef(0);
  const where = useRef('');
  useEffect(() => {
    where.current = `${location.pathname}${location.search}`;
  }, [location.pathname, location.search]);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lockMinutes = settings.data?.lockIdleMinutes ?? 0;
  const idleMinutes = settings.data?.sessionIdleMinutes ?? 0;

  useEffect(() => {
    const seen = () => {
      lastActivity.current = Date.now();
    };
    seen();
    for (const name of ACTIVITY) window.addEventListener(name, seen, { passive: true });
    return () => {
      for (const name of ACTIVITY) window.removeEventListener(name, seen);
    };
  }, []);

  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      if (lockMinutes > 0 && now - lastActivity.current >= lockMinutes * 60_000) {
        lockSession(where.current);
        void navigate('/session/lock-screen', { replace: true });
        return;
      }
      if (idleMinutes <= 0) return;
      const left = lastServerCall() + idleMinutes * 60_000 - now;
      if (left > WARN_MS) setSecondsLeft(null);
      else if (left > 0) setSecondsLeft(Math.ceil(left / 1000));
      else {
        // The server has ended the session: the next call answers so and opens the "Tip" dialog.
        setSecondsLeft(null);
        void request(sessionApi.keepAlive, undefined).catch(() => undefined);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [lockMinutes, idleMinutes, navigate]);

  if (secondsLeft === null) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning
        secondsLeft={secondsLeft}
        onStay={() => void request(sessionApi.keepAlive, undefined).then(() => setSecondsLeft(null))}
      />
    </Suspense>
  );
}
