import { useTranslation } from 'react-i18next';
import { useStartupDone, useStartupRendered } from './startup';

/** The start-up screen: covers the app while its first screen loads underneath, at most 2 s (app/startup.ts). */
export function LoadingScreen() {
  const { t } = useTranslation();
  const done = useStartupDone();
  useStartupRendered();
  if (done) return null;
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="spinner spinner-large" aria-hidden="true" />
      <p className="loading-screen-text">{t('shell.loading')}</p>
    </div>
  );
}
