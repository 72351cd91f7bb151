import { useMemo } from 'react';
import { EVENTS, Joyride, STATUS, type EventData, type Step } from 'react-joyride';
import { useTranslation } from 'react-i18next';
import { markTourFinished } from '../../shared/settings';
import { TOUR_TARGETS } from './Header';

/**
 * The three-step first-visit tour: sidebar toggle, quick links, language. The shell loads it only
 * while the `tour_enabled` setting is on (Shell.tsx, useTourStart), so no route carries it.
 */
export function Tour() {
  const { t } = useTranslation();
  const steps = useMemo<Step[]>(
    () => [
      {
        target: `#${TOUR_TARGETS.sidebarToggle}`,
        title: t('shell.tourSidebarTitle'),
        content: t('shell.tourSidebarBody'),
        placement: 'bottom-start',
        skipBeacon: true,
      },
      {
        target: `#${TOUR_TARGETS.quickLinks}`,
        title: t('shell.tourQuickLinksTitle'),
        content: t('shell.tourQuickLinksBody'),
        placement: 'bottom',
        skipBeacon: true,
      },
      {
        target: `#${TOUR_TARGETS.language}`,
        title: t('shell.tourLanguageTitle'),
        content: t('shell.tourLanguageBody'),
        placement: 'bottom',
        skipBeacon: true,
      },
    ],
    [t],
  );
  const onEvent = (data: EventData) => {
    // Finished or skipped: never shown again in this browser.
    if (data.type === EVENTS.TOUR_END || data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) markTourFinished();
  };
  return (
    <Joyride
      run
      continuous
      steps={steps}
      onEvent={onEvent}
      locale={{
        back: t('shell.tourBack'),
        next: t('shell.tourNext'),
        last: t('shell.tourFinish'),
        skip: t('shell.tourSkip'),
        close: t('shell.tourClose'),
      }}
      options={{
        buttons: ['back', 'skip', 'primary'],
        primaryColor: '#0958d9',
        textColor: '#1f1f1f',
        zIndex: 1100,
        overlayClickAction: false,
      }}
    />
  );
}
