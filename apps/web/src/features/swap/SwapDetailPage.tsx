import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SwapRecord } from '@swap/contracts';
import { DetailCards, DetailFrame, type DetailGroup } from '../../shared/detail';
import { APPOINTMENT_ROUTES, RESULT_MAP, SWAP_ROUTES, swapFieldLabel } from './swapModel';
import { ServedVehicle } from './ServedVehicle';
import { useSwapDetail } from './useSwapDetail';

function groups(t: (key: string) => string): DetailGroup<SwapRecord>[] {
  return [
    {
      titleKey: 'swap.group.swap',
      items: [
        { field: 'id' },
        { field: 'cabinetNumber' },
        { field: 'eventId' },
        { field: 'customer' },
        { field: 'servedVehicleNumber', render: (r) => <ServedVehicle record={r} /> },
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
        { field: 'merchantName', render: (r) => r.merchantName ?? t('deviceRegistry.platformStock') },
        {
          field: 'order',
          labelKey: swapFieldLabel('orderNo'),
          render: (r) => (r.order ? <Link to={SWAP_ROUTES.order(r.order)}>{r.order.orderNo}</Link> : t('swap.notCharged')),
        },
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

/**
 * One swap: cabinet, compartments, batteries with their charge, customer, times, result.
 * @route /business/transfer/detail/:id
 */
export function SwapDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <DetailFrame
      detail={useSwapDetail(id)}
      title={(swap) => t('swap.detailTitle', { id: swap.id })}
      pageTitleKey="page.swapDetail"
      back={SWAP_ROUTES.list}
      loadFailedKey="swap.loadFailed"
    >
      {(swap) => <DetailCards record={swap} groups={groups(t)} fieldLabel={swapFieldLabel} />}
    </DetailFrame>
  );
}
