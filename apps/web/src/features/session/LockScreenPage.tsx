import { useEffect, useState, type SyntheticEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { clearSession, getToken, getUserInfo, lockSession, lockedPage, unlockSession } from '../../shared/session';
import { PlainField, PlainSubmit } from '../../shared/plainForm/PlainField';
import { signOutSession, unlockSession as checkPassword } from './queries';

/**
 * /session/lock-screen (docs/security.md, "Lock screen"): no page's content shows while the session
 * is locked; the account's password, checked by the server, opens the page the user was on. The
 * fifth wrong password ends the session ("Login expired"). Plain markup, like sign-in.
 */
export function LockScreenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const token = getToken();
  const user = getUserInfo();
  // Opened by its address: the session locks (once, on opening), and unlocking leads to the dashboard.
  useState(() => {
    if (token && lockedPage() === null) lockSession('/dashboard');
    return null;
  });

  useEffect(() => {
    document.title = `${t('lock.title')} · ${t('common.appName')}`;
  }, [t]);

  if (!token) return <Navigate to="/session/login" replace />;

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setError(null);
    try {
      // A wrong password is told here, not as a notice; the fifth ends the session (the "Tip" dialog).
      await checkPassword(password);
      const back = lockedPage() ?? '/dashboard';
      unlockSession();
      void navigate(back, { replace: true });
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      if (failure.code === 408) setError(failure.message);
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  const signOut = async () => {
    try {
      await signOutSession();
    } catch {
      // Reported by the client; the local session ends regardless.
    } finally {
      clearSession();
      void navigate('/session/login', { replace: true });
    }
  };

  return (
    <main className="login-page">
      <div className="login-center">
        <section className="login-card" aria-labelledby="lock-title">
          <h1 id="lock-title" className="login-title">
            {t('lock.title')}
          </h1>
          <p className="muted">{t('lock.body', { username: user?.username ?? '' })}</p>
          <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('lock.title')}>
            <PlainField
              id="lock-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              autoFocus
              label={t('session.password')}
              value={password}
              error={error}
              onChange={(event) => setPassword(event.target.value)}
            />
            <PlainSubmit busy={busy} label={t('lock.unlock')} />
          </form>
          <p>
            <button type="button" className="plain-button plain-button-block" onClick={() => void signOut()}>
              {t('lock.signOut')}
            </button>
          </p>
        </section>
      </div>
    </main>
  );
}
