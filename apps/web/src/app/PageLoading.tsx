import { useTranslation } from 'react-i18next';
import { useStartupHold } from './startup';

/** Shown while a page's code or the user's grants load (plain markup: it is on the sign-in path). */
export function PageLoading() {
  const { t } = useTranslation();
  useStartupHold();
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="page-loading-text">{t('shell.pageLoading')}</span>
    </div>
  );
}
