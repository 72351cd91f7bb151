import {
  ALARM_STATUSES,
  batteryAdd,
  batteryEdit,
  BATTERY_STRUCTURES,
  RETURN_STATUSES,
  SWITCH_PERMISSIONS,
  telemetryApi,
  type BatteryRecord,
  type BatteryTrend,
  type FilterOf,
  type batteryApi,
} from '@swap/contracts';
import type { FormField } from '../../shared/form';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField, SearchOption } from '../../shared/table';
import type { OptionSource } from '../../shared/table/types';
import type { DeviceFormSpec } from '../device-registry';
import { baseSearchFields, choiceField, decimalField, fieldKey, optionsOf, textField } from '../../shared/devices';
import type { TrendSpec } from '../telemetry';

export const STRUCTURE_MAP: StatusMap = Object.fromEntries(
  BATTERY_STRUCTURES.map((value) => [value, { meaning: 'default' as const, labelKey: `deviceType.structure.${value}` }]),
);

export const RETURN_MAP: StatusMap = {
  NONE: { meaning: 'default', labelKey: 'swap.return.NONE' },
  RETURNING: { meaning: 'warning', labelKey: 'swap.return.RETURNING' },
};
export const MID_SWAP_MAP: StatusMap = {
  true: { meaning: 'processing', labelKey: 'swap.midSwap.true' },
  false: { meaning: 'default', labelKey: 'swap.midSwap.false' },
};

export function batterySearchFields(types: SearchOption[], owners: OptionSource | null): SearchField<FilterOf<typeof batteryApi.search>>[] {
  const fields = baseSearchFields<FilterOf<typeof batteryApi.search>>(types, owners);
  fields.splice(
    4,
    0,
    { name: 'alarmStatus', labelKey: fieldKey('alarmStatus'), type: 'select', options: optionsOf(ALARM_STATUSES, 'deviceRegistry.alarm') },
    {
      name: 'chargeSwitch',
      labelKey: fieldKey('chargeSwitch'),
      type: 'select',
      options: optionsOf(SWITCH_PERMISSIONS, 'deviceRegistry.switch'),
    },
    {
      name: 'dischargeSwitch',
      labelKey: fieldKey('dischargeSwitch'),
      type: 'select',
      options: optionsOf(SWITCH_PERMISSIONS, 'deviceRegistry.switch'),
    },
    { name: 'structure', labelKey: fieldKey('structure'), type: 'select', options: optionsOf(BATTERY_STRUCTURES, 'deviceType.structure') },
    { name: 'returnStatus', labelKey: fieldKey('returnStatus'), type: 'select', options: optionsOf(RETURN_STATUSES, 'swap.return') },
    {
      name: 'bound',
      labelKey: fieldKey('bound'),
      type: 'select',
      options: [
        { value: true, labelKey: 'battery.bound' },
        { value: false, labelKey: 'battery.free' },
      ],
    },
    { name: 'imei', labelKey: fieldKey('imei') },
  );
  return fields;
}

/** The maintained fields of batteryAdd / batteryEdit; the specification defaults to the type's. */
export const BATTERY_FIELDS: FormField<Extract<keyof BatteryRecord, string>>[] = [
  textField('name'),
  textField('brand'),
  textField('model'),
  { name: 'imei', labelKey: fieldKey('imei'), maxLength: 15 },
  textField('softwareVersion'),
  textField('hardwareVersion'),
  textField('bmsBrand'),
  textField('cellBrand'),
  textField('androidSerialNumber', 64),
  choiceField('structure', BATTERY_STRUCTURES, 'deviceType.structure'),
  decimalField('ratedVoltage'),
  decimalField('ratedCapacity'),
  decimalField('ratedCurrent'),
  { name: 'cellCount', labelKey: fieldKey('cellCount'), type: 'number', min: 1, precision: 0 },
  decimalField('weight'),
  choiceField('returnStatus', RETURN_STATUSES, 'swap.return'),
];

/** The battery form of the list and detail pages. */
export const BATTERY_FORM: DeviceFormSpec<BatteryRecord> = { addSchema: batteryAdd, editSchema: batteryEdit, fields: BATTERY_FIELDS };

/** The battery detail's trend: state of charge (percent, left) and temperature (right). */
export const BATTERY_TREND: TrendSpec<BatteryTrend['points'][number]> = {
  endpoint: telemetryApi.battery.trend,
  titleKey: 'telemetry.trend',
  failedKey: 'telemetry.trendFailed',
  axes: [{ unit: '%', min: 0, max: 100 }, { unit: '°C' }],
  lines: [
    { labelKey: 'telemetry.soc', axis: 0, meaning: 'processing', value: (p) => p.soc },
    { labelKey: 'telemetry.temperature', axis: 1, meaning: 'warning', value: (p) => p.temperature },
  ],
};
