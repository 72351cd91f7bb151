import { lazy } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyPart } from '../../shared/detail';
import type { DeviceLogProps } from './DeviceLogTable';

// The table loads with the card, not with the page: a page without other lists stays small.
const DeviceLogTable = lazy(() => import('./DeviceLogTable'));

/** A device's log on its detail page (battery, cabinet, vehicle): see DeviceLogTable. */
export function DeviceLogCard(props: DeviceLogProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('deviceLog.title')}>
      <LazyPart>
        <DeviceLogTable {...props} />
      </LazyPart>
    </Card>
  );
}
