import {
  ALARM_STATUSES,
  DISTRIBUTION_STATUSES,
  SCRAP_STATUSES,
  STOCK_STATUSES,
  SWITCH_PERMISSIONS,
  batteryApi,
  cabinetApi,
  vehicleApi,
  type DeviceKind,
  type FilterOf,
} from '@swap/contracts';
import type { FormField } from './form/types';
import type { StatusMap } from './StatusTag';
import type { SearchField, SearchOption } from './table';
import type { OptionSource } from './table/types';

/**
 * What every screen showing a device uses, whichever feature it belongs to (registry, battery,
 * cabinet, vehicle, stock, swaps, telemetry): each kind's endpoints, field labels, status maps, a
 * kind's permission codes and detail route, the filters every device list shares.
 */

/** Resource codes of a kind's registry screens: operation.<kind>.<action>. */
export function deviceCodes(kind: DeviceKind) {
  const item = `operation.${kind}`;
  return { add: `${item}.add`, edit: `${item}.edit`, remove: `${item}.remove`, export: `${item}.export` };
}

export { deviceDetailPath } from './deviceLinks';

/** A vehicle's statistics page, and the permission that opens it (docs/stations-and-maps.md, "Vehicle statistics"). */
export const vehicleStatisticsPath = (id: number) => `/product/vehicle/dashboard/${id}`;
export const VEHICLE_STATISTICS_CODE = 'statistics.vehicle';

/** Label key of a record field, `field.<name>`: the words are the contracts' FIELD_LABELS, in every language bundle (i18n/catalogue.ts). */
export function fieldKey(field: string): string {
  return `field.${field}`;
}

function statusMap(values: readonly string[], prefix: string, meanings: StatusMap[string]['meaning'][]): StatusMap {
  return Object.fromEntries(
    values.map((value, index) => [value, { meaning: meanings[index] ?? 'default', labelKey: `${prefix}.${value}` }]),
  );
}

export const STOCK_MAP = statusMap(STOCK_STATUSES, 'deviceRegistry.stock', ['success', 'processing']);
export const SCRAP_MAP = statusMap(SCRAP_STATUSES, 'deviceRegistry.scrap', ['success', 'error']);
export const ALARM_MAP = statusMap(ALARM_STATUSES, 'deviceRegistry.alarm', ['success', 'error']);
export const SWITCH_MAP = statusMap(SWITCH_PERMISSIONS, 'deviceRegistry.switch', ['success', 'error']);
/** Assigned to a station or not (docs/operation-centre.md, "Distribution"): every device list shows it. */
export const DISTRIBUTION_MAP = statusMap(DISTRIBUTION_STATUSES, 'swap.distribution', ['success', 'warning']);

/** Search-select choices of an enumeration, labelled `<prefix>.<value>`. */
export function optionsOf(values: readonly string[], prefix: string): SearchOption[] {
  return values.map((value) => ({ value, labelKey: `${prefix}.${value}` }));
}

/** Each kind's declared registry endpoints (contracts batteryApi, vehicleApi, cabinetApi); the shared screens call these. */
export const DEVICE_APIS = { vehicle: vehicleApi, battery: batteryApi, cabinet: cabinetApi } as const;
/** Any kind's endpoints: the shared screens pick them by kind at run time. */
export type DeviceApi = (typeof DEVICE_APIS)[DeviceKind];

/** The filters every device list takes (deviceSearchBase of the contracts). */
export type DeviceBaseFilter = FilterOf<typeof batteryApi.search> & FilterOf<typeof vehicleApi.search> & FilterOf<typeof cabinetApi.search>;

/**
 * The filters every device list shares (deviceSearchBase of the contracts): number, type, brand,
 * model, stock, scrap and distribution status, owner (platform staff only) and the creation range. Batteries and
 * cabinets add their IMEI (vehicles have none).
 */
export function baseSearchFields<F extends string = DeviceBaseFilter>(
  types: SearchOption[],
  owners: OptionSource | null,
): SearchField<DeviceBaseFilter | F>[] {
  const fields: SearchField<DeviceBaseFilter | F>[] = [
    { name: 'number', labelKey: fieldKey('number') },
    { name: 'typeId', labelKey: fieldKey('typeId'), type: 'select', options: types },
    { name: 'stockStatus', labelKey: fieldKey('stockStatus'), type: 'select', options: optionsOf(STOCK_STATUSES, 'deviceRegistry.stock') },
    { name: 'scrapStatus', labelKey: fieldKey('scrapStatus'), type: 'select', options: optionsOf(SCRAP_STATUSES, 'deviceRegistry.scrap') },
    {
      name: 'distributionStatus',
      labelKey: fieldKey('distributionStatus'),
      type: 'select',
      options: optionsOf(DISTRIBUTION_STATUSES, 'swap.distribution'),
    },
    { name: 'brand', labelKey: fieldKey('brand') },
    { name: 'model', labelKey: fieldKey('model') },
  ];
  if (owners) fields.push({ name: 'merchantId', labelKey: fieldKey('merchantName'), type: 'select', source: owners });
  fields.push({ name: 'created', labelKey: fieldKey('createdAt'), type: 'dateRange', rangeKeys: ['createdFrom', 'createdTo'] });
  return fields;
}

/** A device form's text field, at most `maxLength` characters. */
export function textField<N extends string>(name: N, maxLength = 40): FormField<N> {
  return { name, labelKey: fieldKey(name), maxLength };
}

/** A device form's rating or power: not negative, two decimals. */
export function decimalField<N extends string>(name: N): FormField<N> {
  return { name, labelKey: fieldKey(name), type: 'number', min: 0, precision: 2 };
}

/** A device form's choice among an enumeration, labelled `<prefix>.<value>`. */
export function choiceField<N extends string>(name: N, values: readonly string[], prefix: string): FormField<N> {
  return { name, labelKey: fieldKey(name), type: 'select', options: optionsOf(values, prefix) };
}

/** The form values of a loaded record: the named fields, with null (none) left empty. */
export function pickValues<R extends object>(record: R, names: readonly Extract<keyof R, string>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (record[name] !== null) out[name] = record[name];
  return out;
}
