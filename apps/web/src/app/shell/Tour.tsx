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
        title: t('tour.sidebarTitle'),
        content: t('tour.sidebarBody'),
        placement: 'bottom-start',
        skipBeacon: true,
      },
      {
        target: `#${TOUR_TARGETS.quickLinks}`,
        title: t('tour.quickLinksTitle'),
        content: t('tour.quickLinksBody'),
        placement: 'bottom',
        skipBeacon: true,
      },
      {
        target: `#${TOUR_TARGETS.language}`,
        title: t('tour.languageTitle'),
        content: t('tour.languageBody'),
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
        back: t('tour.back'),
        next: t('tour.next'),
        last: t('tour.finish'),
        skip: t('tour.skip'),
        close: t('tour.close'),
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
