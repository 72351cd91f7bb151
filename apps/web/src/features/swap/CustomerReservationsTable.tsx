import { Link } from 'react-router';
import { appointmentApi, type AppointmentRecord } from '@swap/contracts';
import { ResourceTable } from '../../shared/table';
import { fieldKey } from '../../shared/devices';
import { APPOINTMENT_ROUTES, APPOINTMENT_STATUS_MAP } from './swapModel';

/** A customer's reservations, newest first, read by its reference (CustomerReservationsCard loads it with the card). */
export default function CustomerReservationsTable({ customerId }: { customerId: number }) {
  return (
    <ResourceTable<AppointmentRecord, typeof appointmentApi.search>
      endpoints={{ search: appointmentApi.search }}
      filters={{ customerId }}
      defaultSort={{ field: 'createdAt', order: 'descend' }}
      pageSize={5}
      rowKey="id"
      columns={[
        {
          key: 'id',
          titleKey: 'swap.appointmentId',
          width: 110,
          render: (r) => <Link to={APPOINTMENT_ROUTES.detail(r.id)}>{r.id}</Link>,
        },
        { key: 'cabinetNumber', titleKey: fieldKey('cabinetNumber'), width: 140 },
        { key: 'compartment', titleKey: fieldKey('compartment'), kind: 'number', width: 120 },
        { key: 'status', titleKey: fieldKey('status'), kind: 'status', statusMap: APPOINTMENT_STATUS_MAP, width: 120 },
        { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', width: 180 },
      ]}
    />
  );
}
