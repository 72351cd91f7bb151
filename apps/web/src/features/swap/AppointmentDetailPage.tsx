import { StopOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppointmentRecord } from '@swap/contracts';
import { ConfirmButton } from '../../shared/confirm';
import { DetailCards, DetailFrame, type DetailGroup } from '../../shared/detail';
import { APPOINTMENT_ROUTES, APPOINTMENT_STATUS_MAP, SWAP_ROUTES, swapFieldLabel } from './swapModel';
import { useAppointmentDetail, useCancelAppointment } from './useAppointmentDetail';

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
        { field: 'merchantName', render: (r) => r.merchantName ?? t('deviceRegistry.platformStock') },
      ],
    },
    {
      titleKey: 'swap.group.compartment',
      items: [{ field: 'cabinetNumber' }, { field: 'compartment' }, { field: 'batteryNumber' }, { field: 'batterySoc' }],
    },
  ];
}

/**
 * One reservation, with Cancel while it holds its compartment.
 * @route /business/appointment/detail/:id
 */
export function AppointmentDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const cancel = useCancelAppointment();
  return (
    <DetailFrame
      detail={useAppointmentDetail(id)}
      title={(appointment) => t('swap.appointmentTitle', { id: appointment.id })}
      pageTitleKey="page.appointmentDetail"
      back={APPOINTMENT_ROUTES.list}
      loadFailedKey="swap.appointmentLoadFailed"
      actions={[
        {
          key: 'cancel',
          code: 'record.appointment.cancel',
          when: (appointment) => appointment.status === 'RESERVED',
          render: (appointment) => (
            <ConfirmButton
              labelKey="swap.cancel"
              confirmKey="swap.confirmCancel"
              code="record.appointment.cancel"
              danger
              type="default"
              size="middle"
              icon={<StopOutlined />}
              // This page and the reservation list both show its status: the cancel refreshes them.
              onConfirm={() => cancel(appointment.id)}
            />
          ),
        },
      ]}
    >
      {(appointment) => <DetailCards record={appointment} groups={groups(t)} fieldLabel={swapFieldLabel} />}
    </DetailFrame>
  );
}
