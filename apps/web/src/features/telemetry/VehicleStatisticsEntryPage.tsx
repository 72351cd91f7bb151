import { lazy, Suspense } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TitleBar } from '../../shared/TitleBar';

// The search loads after the page, like every select searched on the server.
const VehiclePicker = lazy(() => import('./VehiclePicker'));

/**
 * Statistics centre → Vehicle statistics (docs/stations-and-maps.md, "Vehicle statistics"): the
 * vehicle is picked by part of its number, and its statistics open.
 * @route /statistics/vehicle
 */
export function VehicleStatisticsEntryPage() {
  const { t } = useTranslation();
  return (
    <>
      <TitleBar title={t('nav.statistics.vehicle')} />
      <Card>
        <Typography.Paragraph>{t('telemetry.statistics.pickIntro')}</Typography.Paragraph>
        <Suspense fallback={null}>
          <VehiclePicker />
        </Suspense>
      </Card>
    </>
  );
}
