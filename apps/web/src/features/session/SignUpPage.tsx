import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MERCHANT_TYPES, signUpApi, signUpApply, type AnswerOf } from '@swap/contracts';
import { isApiError } from '../../shared/api/errors';
import { PlainField, PlainResult, PlainSelect, PlainSubmit, PlainTextArea, type PlainOutcome } from '../../shared/plainForm/PlainField';
import { PlainImageUpload } from '../../shared/plainForm/PlainImageUpload';
import { usePlainForm } from '../../shared/plainForm/usePlainForm';
import { LanguageSwitch } from './LanguageSwitch';
import { useSignUp } from './signUpQueries';

/** The answer: the application waits for review under its number. */
function Sent({ receipt }: { receipt: AnswerOf<typeof signUpApi.apply> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="sign-up-sent">
      <svg className="sign-up-sent-mark" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="#389e0d" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="#ffffff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 ref={heading} tabIndex={-1} className="login-title">
        {t('signUp.sent')}
      </h1>
      <p className="muted">{t('signUp.sentBody', { id: receipt.id })}</p>
      <button
        type="button"
        className="plain-button plain-button-primary"
        onClick={() => void navigate('/session/login', { replace: true })}
      >
        {t('signUp.backToSignIn')}
      </button>
    </div>
  );
}

/**
 * /session/sign-up: a company applies to become a merchant (docs/accounts-merchants-roles.md,
 * "Sign-up"). Plain markup with the contracts' signUpApply rules (the plain form kit, docs/web-kits.md
 * "Plain forms"), like sign-in: a signed-out page carries no UI library. Its documents go to the
 * public upload as they are chosen.
 */
export function SignUpPage() {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const [receipt, setReceipt] = useState<AnswerOf<typeof signUpApi.apply> | null>(null);
  const [result, setResult] = useState<PlainOutcome>(null);
  const form = usePlainForm(signUpApply, {
    id: 'sign-up',
    labels: {
      name: t('signUp.company'),
      type: t('signUp.type'),
      personInCharge: t('signUp.personInCharge'),
      contact: t('signUp.contact'),
      email: t('signUp.email'),
      officeAddress: t('signUp.officeAddress'),
      idCardFrontFileId: t('signUp.idCardFront'),
      idCardBackFileId: t('signUp.idCardBack'),
      facePhotoFileId: t('signUp.facePhoto'),
      username: t('signUp.username'),
      password: t('signUp.password'),
    },
    initial: {
      name: '',
      type: 'AGENT',
      personInCharge: '',
      contact: '',
      email: '',
      officeAddress: '',
      idCardFrontFileId: null,
      idCardBackFileId: null,
      facePhotoFileId: null,
      username: '',
      password: '',
    },
  });
  useEffect(() => {
    document.title = `${t('signUp.title')} · ${t('common.appName')}`;
  }, [t]);

  const busy = signUp.isPending;
  const submit = form.onSubmit(busy, async (values) => {
    setResult(null);
    try {
      setReceipt(await signUp.mutateAsync(values));
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      if (!form.refuse(failure)) setResult({ kind: 'error', text: failure.message });
    }
  });
  const imageHelp = t('signUp.imageHelp');

  return (
    <main className="login-page">
      <LanguageSwitch />
      <div className="login-center">
        <section className="login-card sign-up-card" aria-labelledby={receipt ? undefined : 'sign-up-title'}>
          {receipt ? (
            <Sent receipt={receipt} />
          ) : (
            <>
              <h1 id="sign-up-title" className="login-title">
                {t('signUp.title')}
              </h1>
              <p className="muted">{t('signUp.subtitle')}</p>
              <form noValidate onSubmit={submit} aria-labelledby="sign-up-title">
                <PlainField maxLength={20} autoComplete="organization" {...form.text('name')} />
                <PlainSelect
                  options={MERCHANT_TYPES.map((value) => ({ value, label: t(`signUp.type.${value}`) }))}
                  {...form.text('type')}
                />
                <PlainField maxLength={20} autoComplete="name" {...form.text('personInCharge')} />
                <PlainField maxLength={20} type="tel" autoComplete="tel" {...form.text('contact')} />
                <PlainField maxLength={254} type="email" autoComplete="email" help={t('signUp.emailHelp')} {...form.text('email')} />
                <PlainTextArea rows={2} maxLength={200} autoComplete="street-address" {...form.text('officeAddress')} />
                <PlainImageUpload endpoint={signUpApi.upload} help={imageHelp} {...form.image('idCardFrontFileId')} />
                <PlainImageUpload endpoint={signUpApi.upload} help={imageHelp} {...form.image('idCardBackFileId')} />
                <PlainImageUpload endpoint={signUpApi.upload} help={imageHelp} {...form.image('facePhotoFileId')} />
                <PlainField maxLength={64} autoComplete="username" {...form.text('username')} />
                <PlainField
                  maxLength={64}
                  type="password"
                  autoComplete="new-password"
                  help={t('signUp.passwordHelp')}
                  {...form.text('password')}
                />
                <PlainResult result={result} />
                <PlainSubmit busy={busy} label={t('signUp.submit')} />
              </form>
              <p className="login-links">
                <Link to="/session/login">{t('signUp.backToSignIn')}</Link>
              </p>
            </>
          )}
        </section>
      </div>
    </main>
  );
}
