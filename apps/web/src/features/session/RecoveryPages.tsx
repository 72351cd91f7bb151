import { useEffect, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotPasswordBody, newPassword } from '@swap/contracts';
import { isApiError } from '../../shared/api/errors';
import { validateValue } from '../../shared/form/zodRules';
import { LanguageSwitch } from './LanguageSwitch';
import { LoginField } from './LoginField';
import { useForgotPassword, useResetPassword } from './recoveryQueries';

/** The frame of the session pages: the language switch and one card, like the sign-in page (plain markup, no UI library). */
function RecoveryCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [t, title]);
  return (
    <main className="login-page">
      <LanguageSwitch />
      <div className="login-center">
        <section className="login-card" aria-labelledby="recovery-title">
          <h1 id="recovery-title" className="login-title">
            {title}
          </h1>
          {children}
          <p className="login-links">
            <Link to="/session/login">{t('recovery.backToSignIn')}</Link>
          </p>
        </section>
      </div>
    </main>
  );
}

type Outcome = { kind: 'error' | 'success'; text: string } | null;

/**
 * A recovery form's call: busy while it runs, then the success text or the server's refusal in the
 * caller's language; answers whether it succeeded.
 */
function useSending(initial: Outcome = null) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Outcome>(initial);
  const send = async (call: () => Promise<unknown>, successText: string): Promise<boolean> => {
    setBusy(true);
    setResult(null);
    try {
      await call();
      setResult({ kind: 'success', text: successText });
      return true;
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      setResult({ kind: 'error', text: failure.message });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, send };
}

function Result({ result }: { result: Outcome }) {
  if (!result) return null;
  return (
    <div className={`login-result login-result-${result.kind}`} role={result.kind === 'error' ? 'alert' : 'status'}>
      {result.text}
    </div>
  );
}

function Submit({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" className="plain-button plain-button-primary plain-button-block" disabled={busy} aria-busy={busy}>
      {busy ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}

/** Forgot password: the same answer whether or not the name is an account's (docs/security.md, "Password recovery"). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const ask = useForgotPassword();
  const [username, setUsername] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, result, send } = useSending();
  const label = t('recovery.account');
  const error = touched ? validateValue(forgotPasswordBody.shape.username, username, label, t) : null;

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    const parsed = forgotPasswordBody.safeParse({ username });
    if (!parsed.success || busy) return;
    await send(() => ask.mutateAsync(parsed.data), t('recovery.sent'));
  };

  return (
    <RecoveryCard title={t('recovery.forgotTitle')}>
      <p className="muted">{t('recovery.forgotHint')}</p>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('recovery.forgotTitle')}>
        <LoginField
          id="recovery-account"
          name="username"
          autoComplete="username"
          required
          label={label}
          error={error}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        <Result result={result} />
        <Submit busy={busy} label={t('recovery.send')} />
      </form>
    </RecoveryCard>
  );
}

/** Reset password with the mailed link's token (`?token=`): used once; every session of the account ends. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState(false);
  const { busy, result, send } = useSending(token ? null : { kind: 'error', text: t('recovery.noToken') });
  const passwordLabel = t('recovery.newPassword');
  const passwordError = touched ? validateValue(newPassword, values.password, passwordLabel, t) : null;
  const confirmError = touched && values.confirm !== values.password ? t('recovery.mismatch') : null;

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!token || busy || done || !newPassword.safeParse(values.password).success || values.confirm !== values.password) return;
    if (await send(() => reset.mutateAsync({ token, password: values.password }), t('recovery.done'))) setDone(true);
  };

  return (
    <RecoveryCard title={t('recovery.resetTitle')}>
      <p className="muted">{t('recovery.passwordHelp')}</p>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('recovery.resetTitle')}>
        <LoginField
          id="recovery-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          label={passwordLabel}
          error={passwordError}
          value={values.password}
          onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
        />
        <LoginField
          id="recovery-confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          label={t('recovery.confirmPassword')}
          error={confirmError}
          value={values.confirm}
          onChange={(event) => setValues((v) => ({ ...v, confirm: event.target.value }))}
        />
        <Result result={result} />
        {done ? (
          <Link className="plain-button plain-button-primary plain-button-block" to="/session/login">
            {t('session.submit')}
          </Link>
        ) : (
          <Submit busy={busy} label={t('recovery.save')} />
        )}
      </form>
      {result?.kind === 'error' ? (
        <p className="login-links">
          <Link to="/session/forgot-password">{t('recovery.askAgain')}</Link>
        </p>
      ) : null}
    </RecoveryCard>
  );
}
