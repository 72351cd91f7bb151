import UnauthorizedImage from 'antd/es/result/unauthorized';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../shared/session';
import { ErrorAction, ErrorView } from './ErrorView';

/** /error-page/401: NO PERMISSION; where a user with no granted centre lands. */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorView
      standalone
      image={<UnauthorizedImage />}
      title={t('errors.permissionTitle')}
      message={t('errors.permissionMessage')}
      actions={
        <>
          {getToken() ? (
            <ErrorAction primary onClick={() => void navigate('/dashboard')}>
              {t('errors.home')}
            </ErrorAction>
          ) : null}
          <ErrorAction onClick={() => void navigate('/session/login')}>{t('errors.signIn')}</ErrorAction>
        </>
      }
    />
  );
}

/**
 * A page the signed-in user may not open, shown inside the shell where the page would be: the
 * address stays, and the way back leads to the previous page (or the dashboard when there is none).
 */
export function NoPermissionView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The router counts the entries it pushed: index 0 is the first page of this visit.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <ErrorView
      image={<UnauthorizedImage />}
      title={t('errors.permissionTitle')}
      message={t('errors.permissionMessage')}
      actions={
        <>
          {canGoBack ? (
            <ErrorAction primary onClick={() => void navigate(-1)}>
              {t('errors.back')}
            </ErrorAction>
          ) : null}
          <ErrorAction primary={!canGoBack} onClick={() => void navigate('/dashboard')}>
            {t('errors.home')}
          </ErrorAction>
        </>
      }
    />
  );
}
