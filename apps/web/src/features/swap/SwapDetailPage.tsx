import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { swapApi, type SwapRecord } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { isServerFailure } from '../../shared/api/errors';
import { TitleBar } from '../../shared/TitleBar';
import { DetailCards, DetailState, type DetailGroup } from '../device/DetailCards';
import { APPOINTMENT_ROUTES, RESULT_MAP, SWAP_ROUTES } from './swapModel';

function groups(t: (key: string) => string): DetailGroup<SwapRecord>[] {
  return [
    {
      titleKey: 'swap.group.swap',
      items: [
        { field: 'id' },
        { field: 'cabinetNumber' },
        { field: 'eventId' },
        { field: 'customer' },
        { field: 'result', map: RESULT_MAP },
        { field: 'failureMessage' },
        { field: 'startedAt' },
        { field: 'endedAt' },
        { field: 'durationSeconds' },
        {
          field: 'appointmentId',
          render: (r) =>
            r.appointmentId === null ? t('common.empty') : <Link to={APPOINTMENT_ROUTES.detail(r.appointmentId)}>{r.appointmentId}</Link>,
        },
        { field: 'merchantName', render: (r) => r.merchantName ?? t('device.platformStock') },
      ],
    },
    {
      titleKey: 'swap.group.batteryOut',
      items: [{ field: 'batteryOutNumber' }, { field: 'batteryOutCompartment' }, { field: 'batteryOutSoc' }],
    },
    {
      titleKey: 'swap.group.batteryIn',
      items: [{ field: 'batteryInNumber' }, { field: 'batteryInCompartment' }, { field: 'batteryInSoc' }],
    },
  ];
}

/** One swap (/business/transfer/detail/:id): cabinet, compartments, batteries with their charge, customer, times, result. */
export function SwapDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const query = useEndpointQuery(swapApi.detail, { id });
  if (query.isError && isServerFailure(query.error)) return <Navigate to="/error-page/500" replace />;
  const swap = query.data;
  return (
    <>
      <TitleBar title={swap ? t('swap.detailTitle', { id: swap.id }) : t('page.swapDetail')} back={SWAP_ROUTES.list} />
      {!swap ? (
        <DetailState failed={query.isError} titleKey="swap.loadFailed" onRetry={() => void query.refetch()} />
      ) : (
        <DetailCards record={swap} groups={groups(t)} />
      )}
    </>
  );
}
