import { createElement } from 'react';
import { Link } from 'react-router';
import {
  STATION_SCREENS,
  NETWORK_TYPES,
  SUPPLY_STATUSES,
  CONNECTIVITY,
  telemetryApi,
  type CabinetRecord,
  type CabinetTrend,
  type MeterReading,
  type FilterOf,
  type cabinetApi,
} from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField, SearchOption } from '../../shared/table';
import type { OptionSource } from '../../shared/table/types';
import { baseSearchFields, fieldKey, optionsOf } from '../../shared/devices';

import type { TrendSpec } from '../telemetry';

export const SUPPLY_MAP: StatusMap = {
  NORMAL: { meaning: 'success', labelKey: 'cabinet.supply.NORMAL' },
  OUTAGE: { meaning: 'error', labelKey: 'cabinet.supply.OUTAGE' },
};
export const ALARM_FLAG_MAP: StatusMap = {
  false: { meaning: 'success', labelKey: 'cabinet.alarmFlag.false' },
  true: { meaning: 'error', labelKey: 'cabinet.alarmFlag.true' },
};

export function cabinetSearchFields(
  types: SearchOption[],
  owners: OptionSource | null,
  stations?: OptionSource,
): SearchField<FilterOf<typeof cabinetApi.search>>[] {
  const fields = baseSearchFields<FilterOf<typeof cabinetApi.search>>(types, owners);
  fields.splice(
    4,
    0,
    // The station the cabinet stands in, searched on the server; kept in the address as its id.
    ...(stations ? [{ name: 'stationId' as const, labelKey: fieldKey('stationId'), type: 'select' as const, source: stations }] : []),
    {
      name: 'networkType',
      labelKey: fieldKey('networkType'),
      type: 'select',
      options: NETWORK_TYPES.map((value) => ({ value, label: value })),
    },
    { name: 'supplyStatus', labelKey: fieldKey('supplyStatus'), type: 'select', options: optionsOf(SUPPLY_STATUSES, 'cabinet.supply') },
    {
      name: 'connectivity',
      labelKey: fieldKey('connectivity'),
      type: 'select',
      options: optionsOf(CONNECTIVITY, 'cabinet.connectivity'),
    },
    { name: 'imei', labelKey: fieldKey('imei') },
  );
  return fields;
}

/** The cabinet detail's environment trend: temperature (left), humidity (percent) and load, alarms marked. */
export const CABINET_TREND: TrendSpec<CabinetTrend['points'][number]> = {
  endpoint: telemetryApi.cabinet.trend,
  titleKey: 'cabinet.trend',
  failedKey: 'cabinet.trendFailed',
  axes: [{ unit: '°C' }, { unit: '%', min: 0, max: 100 }, { unit: 'kW' }],
  lines: [
    { labelKey: fieldKey('temperature'), axis: 0, meaning: 'warning', value: (p) => p.temperature },
    { labelKey: fieldKey('humidity'), axis: 1, meaning: 'processing', value: (p) => p.humidity },
    { labelKey: fieldKey('load'), axis: 2, meaning: 'success', value: (p) => p.load },
  ],
  flags: [
    { labelKey: fieldKey('waterAlarm'), meaning: 'error', symbol: 'triangle', raised: (p) => p.waterAlarm },
    { labelKey: fieldKey('smokeAlarm'), meaning: 'error', symbol: 'diamond', raised: (p) => p.smokeAlarm },
  ],
};

/** Meters in index order, each with its cumulative energy as the cabinet last reported it. */
export function meterLines(readings: MeterReading[]): { index: number; kwh: string }[] {
  return [...readings].sort((a, b) => a.index - b.index).map((m) => ({ index: m.index, kwh: String(Math.round(m.energyKwh * 100) / 100) }));
}

/** The cabinet's station by name, opening the station's detail; nothing when it stands in none. */
export function stationLink(cabinet: Pick<CabinetRecord, 'stationId' | 'stationName' | 'stationType'>) {
  if (cabinet.stationId === null || cabinet.stationType === null) return null;
  return createElement(Link, { to: `${STATION_SCREENS[cabinet.stationType].detail}/${cabinet.stationId}` }, cabinet.stationName);
}
