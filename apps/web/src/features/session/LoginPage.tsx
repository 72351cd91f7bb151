import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLanguage, loginBody } from '@swap/contracts';
import { changeLanguage, currentLanguage } from '../../i18n';
import { safeRedirect } from '../../shared/menuModel';
import { LOGIN_SUCCESS_DELAY_MS } from '../../shared/settings';
import { resetSessionEnding } from '../../shared/api/bridge';
import { isApiError } from '../../shared/api/errors';
import { PlainField, PlainResult, PlainSubmit } from '../../shared/plainForm/PlainField';
import { usePlainForm } from '../../shared/plainForm/usePlainForm';
import { saveSession } from '../../shared/session';
import { DemoAccounts } from './DemoAccounts';
import { LanguageSwitch } from './LanguageSwitch';
import { startSingleSignOn, useLogin, usePublicConfig } from './queries';

/**
 * Sign-in. Plain markup with the contracts' loginBody rules (the plain form kit, docs/web-kits.md
 * "Plain forms"), so the sign-in route carries no UI library and stays within its size budget.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const config = usePublicConfig();
  const login = useLogin();
  const form = usePlainForm(loginBody, {
    id: 'login',
    labels: { username: t('session.username'), password: t('session.password') },
    initial: { username: '', password: '' },
  });
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    document.title = `${t('session.title')} · ${t('common.appName')}`;
  }, [t]);

  const [leaving, setLeaving] = useState(false);
  const busy = login.isPending || result?.kind === 'success' || leaving;
  const sso = config.data?.sso;

  /** Off to the single sign-on provider; it sends the browser back to /callback. */
  const signInWithProvider = async () => {
    setLeaving(true);
    setResult(null);
    try {
      const { url } = await startSingleSignOn(safeRedirect(params.get('redirect')));
      window.location.assign(url);
    } catch (error) {
      setLeaving(false);
      if (!isApiError(error)) throw error;
      setResult({ kind: 'error', text: error.message });
    }
  };

  const submit = form.onSubmit(busy, async (values) => {
    setResult(null);
    try {
      const data = await login.mutateAsync(values);
      saveSession(data.token, data.admin);
      // The language chosen on one's own profile follows the account to any browser.
      if (isLanguage(data.admin.language) && data.admin.language !== currentLanguage()) await changeLanguage(data.admin.language);
      queryClient.clear();
      resetSessionEnding();
      setResult({ kind: 'success', text: t('session.success') });
      setTimeout(() => void navigate(safeRedirect(params.get('redirect')) ?? '/dashboard', { replace: true }), LOGIN_SUCCESS_DELAY_MS);
    } catch (error) {
      if (!isApiError(error)) throw error;
      setResult({ kind: 'error', text: error.message });
    }
  });

  return (
    <main className="login-page">
      <LanguageSwitch />
      <div className="login-center">
        <section className="login-card" aria-labelledby="login-title">
          <h1 id="login-title" className="login-title">
            {t('common.appName')}
          </h1>
          <p className="muted">{t('session.subtitle')}</p>
          <form noValidate onSubmit={submit} aria-label={t('session.title')}>
            <PlainField autoComplete="username" {...form.text('username')} />
            <PlainField type="password" autoComplete="current-password" {...form.text('password')} />
            <PlainResult result={result} />
            <PlainSubmit busy={busy} label={t('session.submit')} />
          </form>
          {sso ? (
            <>
              <p className="login-or muted">{t('session.or')}</p>
              <button type="button" className="plain-button plain-button-block" disabled={busy} onClick={() => void signInWithProvider()}>
                {t('session.sso', { name: sso.name })}
              </button>
            </>
          ) : null}
          <p className="login-links">
            <Link to="/session/forgot-password">{t('session.forgotPassword')}</Link>
            <Link to="/session/sign-up">{t('session.signUpLink')}</Link>
          </p>
          {config.data ? <DemoAccounts config={config.data} onPick={(username, password) => form.fill({ username, password })} /> : null}
          {config.data?.version ? <p className="login-version muted">{t('session.version', { version: config.data.version })}</p> : null}
        </section>
      </div>
    </main>
  );
}
