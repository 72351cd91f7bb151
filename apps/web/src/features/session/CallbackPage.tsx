import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@swap/contracts';
import { changeLanguage, currentLanguage } from '../../i18n';
import { safeRedirect } from '../../shared/menuModel';
import { getToken, saveSession } from '../../shared/session';
import { resetSessionEnding } from '../../shared/api/bridge';
import { isApiError } from '../../shared/api/errors';
import { finishSingleSignOn } from './queries';

/**
 * /callback: the single sign-on provider sends the browser back here with its answer (a state, and
 * a code or an error), which signs in and goes where the user was going; without one, a signed-in
 * user goes on to where they were going and anyone else to sign-in.
 */
export function CallbackPage() {
  const [params] = useSearchParams();
  const state = params.get('state');
  if (state) return <SingleSignOnEnd state={state} params={params} />;
  const target = safeRedirect(params.get('redirect'));
  if (getToken()) return <Navigate to={target ?? '/dashboard'} replace />;
  return <Navigate to={target ? `/session/login?redirect=${encodeURIComponent(target)}` : '/session/login'} replace />;
}

/** States already sent: an answer is used once, also when the page renders twice. */
const sent = new Set<string>();

function SingleSignOnEnd({ state, params }: { state: string; params: URLSearchParams }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (sent.has(state)) return;
    sent.add(state);
    const answer = Object.fromEntries(['code', 'iss', 'error'].flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
    finishSingleSignOn({ state, ...answer }).then(
      async (data) => {
        saveSession(data.token, data.admin);
        if (isLanguage(data.admin.language) && data.admin.language !== currentLanguage()) await changeLanguage(data.admin.language);
        queryClient.clear();
        resetSessionEnding();
        await navigate(safeRedirect(data.redirect) ?? '/dashboard', { replace: true });
      },
      (error: unknown) => setFailure(isApiError(error) ? error.message : String(error)),
    );
  }, [state, params, navigate, queryClient]);

  return (
    <main className="login-page">
      <div className="login-center">
        <section className="login-card" aria-labelledby="callback-title">
          <h1 id="callback-title" className="login-title">
            {failure ? t('session.ssoFailed') : t('session.callback')}
          </h1>
          {failure ? (
            <>
              <div className="login-result login-result-error" role="alert">
                {failure}
              </div>
              <p className="login-links">
                <Link to="/session/login">{t('session.ssoBack')}</Link>
              </p>
            </>
          ) : (
            <span className="spinner" role="status" aria-label={t('session.callback')} />
          )}
        </section>
      </div>
    </main>
  );
}
