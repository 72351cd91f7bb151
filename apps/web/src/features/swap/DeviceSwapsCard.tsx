import { lazy } from 'react';
import { Card } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { LazyPart } from '../../shared/detail';
import { SWAP_ROUTES } from './swapModel';
import type { DeviceSwapsCardProps } from './DeviceSwapsTable';

// The table loads with the card, not with the page: the detail page draws without the table kit.
const DeviceSwapsTable = lazy(() => import('./DeviceSwapsTable'));

/** A cabinet's or battery's swap records on its detail page (record.swap), newest first, with a link to the full list. */
export function DeviceSwapsCard({ kind, device }: DeviceSwapsCardProps) {
  const { t } = useTranslation();
  return (
    <Can code="record.swap">
      <Card
        title={t('swap.deviceCard')}
        extra={
          <Link to={SWAP_ROUTES.listOf(kind === 'cabinet' ? 'cabinetNumber' : 'batteryNumber', device.number)}>
            {t('swap.allOfDevice', { number: device.number })}
          </Link>
        }
      >
        <LazyPart>
          <DeviceSwapsTable kind={kind} device={device} />
        </LazyPart>
      </Card>
    </Can>
  );
}
