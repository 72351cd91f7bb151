import { STATION_NATURES, STATION_STATUSES } from '@swap/contracts';
import { optionsOf } from '../../shared/devices';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField, SearchOption } from '../../shared/table';
import type { OptionSource } from '../../shared/table/types';

export { stationView, type StationView } from './stationView';

export const STATUS_MAP: StatusMap = {
  READY: { meaning: 'processing', labelKey: 'station.status.READY' },
  DEPLOYED: { meaning: 'success', labelKey: 'station.status.DEPLOYED' },
  MAINTENANCE: { meaning: 'warning', labelKey: 'station.status.MAINTENANCE' },
};

export const natureOptions = optionsOf(STATION_NATURES, 'station.nature');
export const statusOptions = optionsOf(STATION_STATUSES, 'station.status');

type Filter = 'name' | 'nature' | 'status' | 'merchantId' | 'areaId' | 'incomplete';

/** Stations lacking a position or a responsible person (made from an older cabinet's site text), or the complete ones. */
const completenessOptions: SearchOption[] = [
  { value: true, labelKey: 'station.incomplete.true' },
  { value: false, labelKey: 'station.incomplete.false' },
];

/** The list's filters; the map shows what they find. Owners only for platform staff (null otherwise). */
export function stationSearchFields(owners: OptionSource | null, areas: SearchOption[]): SearchField<Filter>[] {
  return [
    { name: 'name', labelKey: 'field.name' },
    { name: 'nature', labelKey: 'field.nature', type: 'select', options: natureOptions },
    { name: 'status', labelKey: 'field.status', type: 'select', options: statusOptions },
    { name: 'areaId', labelKey: 'field.areaId', type: 'select', options: areas },
    { name: 'incomplete', labelKey: 'field.incomplete', type: 'select', options: completenessOptions },
    ...(owners ? [{ name: 'merchantId' as const, labelKey: 'field.merchantName', type: 'select' as const, source: owners }] : []),
  ];
}
