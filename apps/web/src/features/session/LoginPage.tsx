import { useEffect, useState, type SyntheticEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLanguage, loginBody } from '@swap/contracts';
import { changeLanguage, currentLanguage } from '../../i18n';
import { safeRedirect } from '../../shared/menuModel';
import { LOGIN_SUCCESS_DELAY_MS } from '../../shared/settings';
import { resetSessionEnding } from '../../shared/api/bridge';
import { isApiError } from '../../shared/api/errors';
import { validateValue } from '../../shared/form/zodRules';
import { saveSession } from '../../shared/session';
import { DemoAccounts } from './DemoAccounts';
import { LanguageSwitch } from './LanguageSwitch';
import { LoginField } from './LoginField';
import { startSingleSignOn, useLogin, usePublicConfig } from './queries';

type Field = 'username' | 'password';

/**
 * Sign-in. Plain markup with the contracts' loginBody rules (through the shared zod adapter), so the
 * sign-in route carries no UI library and stays within its size budget.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const config = usePublicConfig();
  const login = useLogin();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    document.title = `${t('session.title')} · ${t('common.appName')}`;
  }, [t]);

  const labels: Record<Field, string> = { username: t('session.username'), password: t('session.password') };
  const errorOf = (field: Field) => (touched[field] ? validateValue(loginBody.shape[field], values[field], labels[field], t) : null);
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

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ username: true, password: true });
    const parsed = loginBody.safeParse(values);
    if (!parsed.success || busy) return;
    setResult(null);
    try {
      const data = await login.mutateAsync(parsed.data);
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
  };

  const bind = (field: Field) => ({
    value: values[field],
    error: errorOf(field),
    label: labels[field],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value })),
    onBlur: () => setTouched((v) => ({ ...v, [field]: true })),
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
          <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('session.title')}>
            <LoginField id="login-username" name="username" autoComplete="username" required {...bind('username')} />
            <LoginField
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              {...bind('password')}
            />
            {result ? (
              <div className={`login-result login-result-${result.kind}`} role={result.kind === 'error' ? 'alert' : 'status'}>
                {result.text}
              </div>
            ) : null}
            <button type="submit" className="plain-button plain-button-primary plain-button-block" disabled={busy} aria-busy={busy}>
              {busy ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
              {t('session.submit')}
            </button>
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
          {config.data ? (
            <DemoAccounts
              config={config.data}
              onPick={(username, password) => {
                setValues({ username, password });
                setTouched({ username: false, password: false });
              }}
            />
          ) : null}
          {config.data?.version ? <p className="login-version muted">{t('session.version', { version: config.data.version })}</p> : null}
        </section>
      </div>
    </main>
  );
}
