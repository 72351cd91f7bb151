import { lazy, Suspense } from 'react';
import { Card, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceLogProps } from './DeviceLogTable';

// The table loads with the card, not with the page: a page without other lists stays small.
const DeviceLogTable = lazy(() => import('./DeviceLogTable'));

/** A device's log on its detail page (battery, cabinet, vehicle): see DeviceLogTable. */
export function DeviceLogCard(props: DeviceLogProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('deviceLog.title')}>
      <Suspense
        fallback={
          <Spin description={t('common.loading')}>
            <div style={{ minHeight: 120 }} />
          </Spin>
        }
      >
        <DeviceLogTable {...props} />
      </Suspense>
    </Card>
  );
}
