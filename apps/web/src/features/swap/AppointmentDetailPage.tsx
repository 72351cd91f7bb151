import { StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appointmentApi, type AppointmentRecord } from '@swap/contracts';
import { invalidateResources, request, useEndpointQuery } from '../../shared/api/endpoints';
import { isServerFailure } from '../../shared/api/errors';
import { ConfirmButton } from '../../shared/confirm';
import { TitleBar } from '../../shared/TitleBar';
import { DetailCards, DetailState, type DetailGroup } from '../device/DetailCards';
import { APPOINTMENT_ROUTES, APPOINTMENT_STATUS_MAP, SWAP_ROUTES } from './swapModel';

function groups(t: (key: string) => string): DetailGroup<AppointmentRecord>[] {
  return [
    {
      titleKey: 'swap.group.appointment',
      items: [
        { field: 'id' },
        { field: 'customer' },
        { field: 'status', map: APPOINTMENT_STATUS_MAP },
        { field: 'createdAt' },
        { field: 'expiresAt' },
        { field: 'closedAt' },
        {
          field: 'swapId',
          render: (r) => (r.swapId === null ? t('common.empty') : <Link to={SWAP_ROUTES.detail(r.swapId)}>{r.swapId}</Link>),
        },
        { field: 'merchantName', render: (r) => r.merchantName ?? t('device.platformStock') },
      ],
    },
    {
      titleKey: 'swap.group.compartment',
      items: [{ field: 'cabinetNumber' }, { field: 'compartment' }, { field: 'batteryNumber' }, { field: 'batterySoc' }],
    },
  ];
}

/** One reservation (/business/appointment/detail/:id), with Cancel while it holds its compartment. */
export function AppointmentDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const queryClient = useQueryClient();
  const query = useEndpointQuery(appointmentApi.detail, { id });
  if (query.isError && isServerFailure(query.error)) return <Navigate to="/error-page/500" replace />;
  const appointment = query.data;
  return (
    <>
      <TitleBar
        title={appointment ? t('swap.appointmentTitle', { id: appointment.id }) : t('page.appointmentDetail')}
        back={APPOINTMENT_ROUTES.list}
        operate={
          appointment?.status === 'RESERVED' ? (
            <ConfirmButton
              labelKey="swap.cancel"
              confirmKey="swap.confirmCancel"
              code="record.appointment.cancel"
              danger
              type="default"
              size="middle"
              icon={<StopOutlined />}
              onConfirm={async () => {
                await request(appointmentApi.cancel, { id: appointment.id });
                // This page and the reservation list both show its status.
                await invalidateResources(queryClient, [appointmentApi.cancel]);
              }}
            />
          ) : null
        }
      />
      {!appointment ? (
        <DetailState failed={query.isError} titleKey="swap.appointmentLoadFailed" onRetry={() => void query.refetch()} />
      ) : (
        <DetailCards record={appointment} groups={groups(t)} />
      )}
    </>
  );
}
