import { lazy } from 'react';
import { Card } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';
import { LazyPart } from '../../shared/detail';
import { APPOINTMENT_ROUTES, SWAP_ROUTES } from './swapModel';
import type { DeviceSwapsCardProps } from './DeviceSwapsTable';

// The tables load with the cards, not with the page: the detail page draws without the table kit.
const DeviceSwapsTable = lazy(() => import('./DeviceSwapsTable'));
const CustomerReservationsTable = lazy(() => import('./CustomerReservationsTable'));

/** The full list filtered to a customer's number within its merchant (a number is unique within its merchant only). */
const byCustomer = (base: string, device: DeviceSwapsCardProps['device']) =>
  `${base}?${new URLSearchParams({ customer: device.number, ...(device.merchantId ? { merchantId: String(device.merchantId) } : {}) })}`;

/** A cabinet's, battery's or customer's swap records on its detail page (record.swap), newest first, with a link to the full list. */
export function DeviceSwapsCard({ kind, device }: DeviceSwapsCardProps) {
  const { t } = useTranslation();
  const all =
    kind === 'customer'
      ? byCustomer(SWAP_ROUTES.list, device)
      : SWAP_ROUTES.listOf(kind === 'cabinet' ? 'cabinetNumber' : 'batteryNumber', device.number);
  return (
    <Can code="record.swap">
      <Card title={t('swap.deviceCard')} extra={<Link to={all}>{t('swap.allOfDevice', { number: device.number })}</Link>}>
        <LazyPart>
          <DeviceSwapsTable kind={kind} device={device} />
        </LazyPart>
      </Card>
    </Can>
  );
}

/** A customer's reservations on its page (record.appointment), newest first, with a link to the full list. */
export function CustomerReservationsCard({ customer }: { customer: { id: number; number: string; merchantId: number | null } }) {
  const { t } = useTranslation();
  return (
    <Can code="record.appointment">
      <Card
        title={t('nav.record.appointment')}
        extra={<Link to={byCustomer(APPOINTMENT_ROUTES.list, customer)}>{t('swap.allReservationsOf', { number: customer.number })}</Link>}
      >
        <LazyPart>
          <CustomerReservationsTable customerId={customer.id} />
        </LazyPart>
      </Card>
    </Can>
  );
}
