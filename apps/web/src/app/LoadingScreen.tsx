import { useTranslation } from 'react-i18next';
import { useStartupDone } from './startup';

/** The start-up screen: covers the app for its first 2 s while it loads underneath. */
export function LoadingScreen() {
  const { t } = useTranslation();
  const done = useStartupDone();
  if (done) return null;
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="spinner spinner-large" aria-hidden="true" />
      <p className="loading-screen-text">{t('shell.loading')}</p>
    </div>
  );
}
