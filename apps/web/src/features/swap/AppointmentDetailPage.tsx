import { StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppointmentRecord } from '@swap/contracts';
import { api } from '../../shared/api/client';
import { isServerFailure } from '../../shared/api/errors';
import { ConfirmButton } from '../../shared/confirm';
import { TitleBar } from '../../shared/TitleBar';
import { DetailCards, DetailState, type DetailGroup } from '../device/DetailCards';
import { APPOINTMENT_PATHS, APPOINTMENT_ROUTES, APPOINTMENT_STATUS_MAP, SWAP_ROUTES } from './swapModel';

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
  const query = useQuery({
    queryKey: [APPOINTMENT_PATHS.detail, id],
    queryFn: ({ signal }) => api.get<AppointmentRecord>(APPOINTMENT_PATHS.detail, { id }, { signal }),
    retry: false,
  });
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
                await api.post(APPOINTMENT_PATHS.cancel, { id: appointment.id });
                await query.refetch();
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
