import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appointmentAdd, appointmentApi, APPOINTMENT_MAX_MINUTES, type AppointmentRecord } from '@swap/contracts';
import { ResourceForm } from '../../shared/form';
import { ListPage } from '../../shared/table';
import { useOwnerOptions } from '../device-registry';
import { fieldKey } from '../../shared/devices';
import { APPOINTMENT_ROUTES, APPOINTMENT_SEARCH_FIELDS, APPOINTMENT_STATUS_MAP, withOwnerFilter } from './swapModel';
import { cancelAppointment, useAddAppointment } from './swapQueries';

const held = (r: AppointmentRecord) => r.status === 'RESERVED';

/**
 * Order centre → Reservations: compartments held for customers.
 * @route /business/appointment/list
 */
export function AppointmentListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const addAppointment = useAddAppointment();
  const owners = useOwnerOptions();
  return (
    <ListPage
      titleKey="nav.record.appointment"
      add={{ code: 'record.appointment.add', labelKey: 'swap.reserve', onClick: () => setAdding(true) }}
      endpoints={appointmentApi}
      scrollX={1200}
      defaultSort={{ field: 'createdAt', order: 'descend' }}
      searchFields={withOwnerFilter(APPOINTMENT_SEARCH_FIELDS, owners?.merchants)}
      columns={[
        {
          key: 'id',
          titleKey: 'swap.appointmentId',
          sortable: true,
          width: 110,
          render: (r) => <Link to={APPOINTMENT_ROUTES.detail(r.id)}>{r.id}</Link>,
        },
        { key: 'cabinetNumber', titleKey: fieldKey('cabinetNumber'), width: 140 },
        { key: 'compartment', titleKey: fieldKey('compartment'), kind: 'number', width: 120 },
        { key: 'batteryNumber', titleKey: fieldKey('batteryNumber') },
        { key: 'customer', titleKey: fieldKey('customer'), width: 120 },
        { key: 'status', titleKey: fieldKey('status'), kind: 'status', statusMap: APPOINTMENT_STATUS_MAP, width: 120 },
        { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        { key: 'expiresAt', titleKey: fieldKey('expiresAt'), kind: 'datetime', sortable: true, width: 180 },
      ]}
      rowActions={[
        { key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(APPOINTMENT_ROUTES.detail(r.id)) },
        {
          key: 'cancel',
          labelKey: 'swap.cancel',
          code: 'record.appointment.cancel',
          danger: true,
          confirmKey: 'swap.confirmCancel',
          hidden: (r) => !held(r),
          onClick: (r) => cancelAppointment(r.id),
          successKey: 'swap.cancelled',
        },
      ]}
    >
      <ResourceForm
        open={adding}
        mode="add"
        title={t('swap.reserveTitle')}
        schema={appointmentAdd}
        fields={[
          { name: 'cabinetNumber', labelKey: fieldKey('cabinetNumber'), maxLength: 32 },
          { name: 'compartment', labelKey: fieldKey('compartment'), type: 'number', min: 1, max: 64, precision: 0 },
          { name: 'customer', labelKey: fieldKey('customer'), maxLength: 64 },
          {
            name: 'minutes',
            labelKey: fieldKey('minutes'),
            type: 'number',
            min: 1,
            max: APPOINTMENT_MAX_MINUTES,
            precision: 0,
            helpKey: 'swap.minutesHelp',
          },
        ]}
        submit={addAppointment}
        onClose={() => setAdding(false)}
      />
    </ListPage>
  );
}
