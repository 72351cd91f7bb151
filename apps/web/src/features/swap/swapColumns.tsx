import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SortColumnOf, SwapRecord, swapApi } from '@swap/contracts';
import type { ResourceColumn } from '../../shared/table';
import { fieldKey } from '../../shared/devices';
import { ServedVehicle } from './ServedVehicle';
import { RESULT_MAP, SWAP_ROUTES } from './swapModel';

const charge = (soc: number | null) => (soc === null ? null : `${soc}%`);

export type SwapColumnKey =
  | 'id'
  | 'cabinetNumber'
  | 'batteryOutNumber'
  | 'batteryInNumber'
  | 'customer'
  | 'servedVehicleNumber'
  | 'result'
  | 'failureMessage'
  | 'startedAt'
  | 'durationSeconds';

/** The swap list's columns, for the full list and the swaps cards of device pages alike. */
export function useSwapColumns(): Record<SwapColumnKey, ResourceColumn<SwapRecord, SortColumnOf<typeof swapApi.search>>> {
  const { t } = useTranslation();
  const battery = (number: string | null, compartment: number | null, soc: number | null) =>
    number === null ? t('common.empty') : t('swap.batteryCell', { number, compartment: compartment ?? '-', soc: charge(soc) ?? '-' });
  return {
    id: {
      key: 'id',
      titleKey: 'swap.recordId',
      sortable: true,
      width: 110,
      render: (r) => <Link to={SWAP_ROUTES.detail(r.id)}>{r.id}</Link>,
    },
    cabinetNumber: { key: 'cabinetNumber', titleKey: fieldKey('cabinetNumber'), width: 140 },
    batteryOutNumber: {
      key: 'batteryOutNumber',
      titleKey: fieldKey('batteryOutNumber'),
      render: (r) => battery(r.batteryOutNumber, r.batteryOutCompartment, r.batteryOutSoc),
    },
    batteryInNumber: {
      key: 'batteryInNumber',
      titleKey: fieldKey('batteryInNumber'),
      render: (r) => battery(r.batteryInNumber, r.batteryInCompartment, r.batteryInSoc),
    },
    customer: { key: 'customer', titleKey: fieldKey('customer'), width: 120 },
    servedVehicleNumber: {
      key: 'servedVehicleNumber',
      titleKey: fieldKey('servedVehicleNumber'),
      width: 140,
      render: (r) => <ServedVehicle record={r} />,
    },
    result: { key: 'result', titleKey: fieldKey('result'), kind: 'status', statusMap: RESULT_MAP, width: 120 },
    failureMessage: { key: 'failureMessage', titleKey: fieldKey('failureMessage'), ellipsis: true },
    startedAt: { key: 'startedAt', titleKey: fieldKey('startedAt'), kind: 'datetime', sortable: true, width: 180 },
    durationSeconds: { key: 'durationSeconds', titleKey: fieldKey('durationSeconds'), kind: 'number', width: 120 },
  };
}
