import { createElement } from 'react';
import { Link } from 'react-router';
import {
  STATION_SCREENS,
  cabinetAdd,
  cabinetEdit,
  COMMUNICATION_TYPES,
  NETWORK_TYPES,
  RADIATOR_SETTINGS,
  SUPPLY_STATUSES,
  CONNECTIVITY,
  telemetryApi,
  type CabinetRecord,
  type CabinetTrend,
  type MeterReading,
  type FilterOf,
  type cabinetApi,
} from '@swap/contracts';
import type { FormField } from '../../shared/form';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField, SearchOption } from '../../shared/table';
import type { OptionSource } from '../../shared/table/types';
import { type DeviceFormSpec } from '../device-registry';
import { merchantSource } from '../../shared/merchantChoices';
import { baseSearchFields, fieldKey, optionsOf, pickValues } from '../../shared/devices';

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

const text = (name: string, maxLength = 40): FormField => ({ name, labelKey: fieldKey(name), maxLength });
const decimal = (name: string): FormField => ({ name, labelKey: fieldKey(name), type: 'number', min: 0, precision: 2 });

/** Maintained fields of cabinetAdd / cabinetEdit; readings come from the device link. */
export const CABINET_FIELDS: FormField[] = [
  text('brand'),
  text('model'),
  text('productNumber'),
  {
    name: 'networkType',
    labelKey: fieldKey('networkType'),
    type: 'select',
    options: NETWORK_TYPES.map((value) => ({ value, label: value })),
  },
  {
    name: 'communicationType',
    labelKey: fieldKey('communicationType'),
    type: 'select',
    options: COMMUNICATION_TYPES.map((value) => ({ value, label: value })),
  },
  { name: 'factoryDate', labelKey: fieldKey('factoryDate'), type: 'date' },
  {
    name: 'radiatorSetting',
    labelKey: fieldKey('radiatorSetting'),
    type: 'select',
    options: optionsOf(RADIATOR_SETTINGS, 'cabinet.radiator'),
  },
  decimal('externalMaxPower'),
  decimal('chargerTotalPower'),
  { name: 'meterCount', labelKey: fieldKey('meterCount'), type: 'number', min: 1, max: 100, precision: 0 },
  { name: 'imei', labelKey: fieldKey('imei'), maxLength: 15 },
  text('androidSerialNumber', 64),
  {
    name: 'sellerId',
    labelKey: fieldKey('sellerId'),
    type: 'select',
    // Named by platform staff, another merchant shows as such to a merchant's staff (docs/stations-and-maps.md, "Seller and dealer").
    source: { ...merchantSource, missingLabelKey: 'message.anotherMerchant' },
  },
  { name: 'purchaseTime', labelKey: fieldKey('purchaseTime'), type: 'dateTime' },
  { name: 'latitude', labelKey: fieldKey('latitude'), type: 'number', min: -90, max: 90, precision: 6 },
  { name: 'longitude', labelKey: fieldKey('longitude'), type: 'number', min: -180, max: 180, precision: 6 },
  { name: 'location', labelKey: fieldKey('location'), maxLength: 200 },
];

export const CABINET_EDIT_NAMES = [
  'brand',
  'model',
  'productNumber',
  'networkType',
  'communicationType',
  'factoryDate',
  'radiatorSetting',
  'externalMaxPower',
  'chargerTotalPower',
  'meterCount',
  'imei',
  'androidSerialNumber',
  'sellerId',
  'purchaseTime',
  'latitude',
  'longitude',
  'location',
] as const satisfies readonly (keyof CabinetRecord)[];

/** The cabinet form of the list and detail pages. */
export const CABINET_FORM: DeviceFormSpec<CabinetRecord> = {
  addSchema: cabinetAdd,
  editSchema: cabinetEdit,
  fields: CABINET_FIELDS,
  // A cabinet's compartments come from its type, so the type is fixed once registered.
  typeEditable: false,
  initialValues: { radiatorSetting: 'AUTO' },
  toValues: (record) => pickValues(record, CABINET_EDIT_NAMES),
};

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
