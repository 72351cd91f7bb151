import { useEffect, useRef, useState } from 'react';
import { Button, Card, Result, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MERCHANT_TYPES, signUpApi, signUpApply, type AnswerOf } from '@swap/contracts';
import { AntdProvider } from '../../shared/AntdProvider';
import { ResourceForm, type FormField } from '../../shared/form';
import { LanguageSwitch } from './LanguageSwitch';

type Field = FormField<Extract<keyof typeof signUpApply.shape, string>>;

const image = (name: Field['name'], labelKey: string): Field => ({
  name,
  labelKey,
  type: 'image',
  upload: signUpApi.upload,
  helpKey: 'session.signUp.imageHelp',
});

const FIELDS: Field[] = [
  { name: 'name', labelKey: 'session.signUp.company', maxLength: 20 },
  {
    name: 'type',
    labelKey: 'session.signUp.type',
    type: 'select',
    options: MERCHANT_TYPES.map((value) => ({ value, labelKey: `session.signUp.type.${value}` })),
  },
  { name: 'personInCharge', labelKey: 'session.signUp.personInCharge', maxLength: 20 },
  { name: 'contact', labelKey: 'session.signUp.contact', maxLength: 20 },
  { name: 'email', labelKey: 'session.signUp.email', maxLength: 254, helpKey: 'session.signUp.emailHelp' },
  { name: 'officeAddress', labelKey: 'session.signUp.officeAddress', type: 'textarea', rows: 2, maxLength: 200 },
  image('idCardFrontFileId', 'session.signUp.idCardFront'),
  image('idCardBackFileId', 'session.signUp.idCardBack'),
  image('facePhotoFileId', 'session.signUp.facePhoto'),
  { name: 'username', labelKey: 'session.signUp.username', maxLength: 64 },
  { name: 'password', labelKey: 'session.signUp.password', type: 'password', maxLength: 64, helpKey: 'session.signUp.passwordHelp' },
];

/**
 * /session/sign-up: a company applies to become a merchant (docs/accounts-merchants-roles.md,
 * "Sign-up"). The form is the kit's, in the page; its documents go to the public upload.
 */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [receipt, setReceipt] = useState<AnswerOf<typeof signUpApi.apply> | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    document.title = `${t('session.signUp.title')} · ${t('common.appName')}`;
  }, [t]);
  return (
    <AntdProvider>
      <main className="login-page">
        <LanguageSwitch />
        <div className="login-center">
          <Card className="sign-up-card" style={{ width: 'min(640px, 100%)' }}>
            {receipt ? (
              <Result
                status="success"
                title={<h1 className="login-title">{t('session.signUp.sent')}</h1>}
                subTitle={t('session.signUp.sentBody', { id: receipt.id })}
                extra={
                  <Button type="primary" onClick={() => void navigate('/session/login', { replace: true })}>
                    {t('session.signUp.backToSignIn')}
                  </Button>
                }
              />
            ) : (
              <>
                <h1 className="login-title">{t('session.signUp.title')}</h1>
                <Typography.Paragraph type="secondary">{t('session.signUp.subtitle')}</Typography.Paragraph>
                <ResourceForm
                  open
                  container="page"
                  mode="add"
                  title={t('session.signUp.title')}
                  schema={signUpApply}
                  fields={FIELDS}
                  initialValues={{ type: 'AGENT' }}
                  submit={signUpApi.apply}
                  saveKey="session.signUp.submit"
                  successKey="session.signUp.sent"
                  onSaved={(answer) => {
                    sent.current = true;
                    setReceipt(answer as AnswerOf<typeof signUpApi.apply>);
                  }}
                  onClose={() => {
                    if (!sent.current) void navigate('/session/login');
                  }}
                />
                <p>
                  <Link to="/session/login">{t('session.signUp.backToSignIn')}</Link>
                </p>
              </>
            )}
          </Card>
        </div>
      </main>
    </AntdProvider>
  );
}
