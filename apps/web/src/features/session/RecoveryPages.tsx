import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { forgotPasswordBody, newPassword } from '@swap/contracts';
import { isApiError } from '../../shared/api/errors';
import { PlainField, PlainResult, PlainSubmit, type PlainOutcome } from '../../shared/plainForm/PlainField';
import { usePlainForm } from '../../shared/plainForm/usePlainForm';
import { LanguageSwitch } from './LanguageSwitch';
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

type Outcome = PlainOutcome;

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

/** Forgot password: the same answer whether or not the name is an account's (docs/security.md, "Password recovery"). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const ask = useForgotPassword();
  const form = usePlainForm(forgotPasswordBody, { id: 'recovery', labels: { username: t('recovery.account') }, initial: { username: '' } });
  const { busy, result, send } = useSending();

  const submit = form.onSubmit(busy, (values) => send(() => ask.mutateAsync(values), t('recovery.sent')));

  return (
    <RecoveryCard title={t('recovery.forgotTitle')}>
      <p className="muted">{t('recovery.forgotHint')}</p>
      <form noValidate onSubmit={submit} aria-label={t('recovery.forgotTitle')}>
        <PlainField autoComplete="username" {...form.text('username')} />
        <PlainResult result={result} />
        <PlainSubmit busy={busy} label={t('recovery.send')} />
      </form>
    </RecoveryCard>
  );
}

/** The new password and its repetition (the repetition is checked against it, not sent). */
const newPasswordTwice = z.object({ password: newPassword, confirm: z.string() });

/** Reset password with the mailed link's token (`?token=`): used once; every session of the account ends. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const token = params.get('token') ?? '';
  const form = usePlainForm(newPasswordTwice, {
    id: 'recovery',
    labels: { password: t('recovery.newPassword'), confirm: t('recovery.confirmPassword') },
    initial: { password: '', confirm: '' },
    check: (values) => ({ confirm: values.confirm !== values.password ? t('recovery.mismatch') : null }),
  });
  const [done, setDone] = useState(false);
  const { busy, result, send } = useSending(token ? null : { kind: 'error', text: t('recovery.noToken') });

  const submit = form.onSubmit(!token || busy || done, async (values) => {
    if (await send(() => reset.mutateAsync({ token, password: values.password }), t('recovery.done'))) setDone(true);
  });

  return (
    <RecoveryCard title={t('recovery.resetTitle')}>
      <p className="muted">{t('recovery.passwordHelp')}</p>
      <form noValidate onSubmit={submit} aria-label={t('recovery.resetTitle')}>
        <PlainField type="password" autoComplete="new-password" {...form.text('password')} />
        <PlainField type="password" autoComplete="new-password" {...form.text('confirm')} />
        <PlainResult result={result} />
        {done ? (
          <Link className="plain-button plain-button-primary plain-button-block" to="/session/login">
            {t('session.submit')}
          </Link>
        ) : (
          <PlainSubmit busy={busy} label={t('recovery.save')} />
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
