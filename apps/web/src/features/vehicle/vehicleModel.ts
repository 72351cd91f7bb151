import {
  ACTIVATION_STATUSES,
  AVAILABILITIES,
  SALE_MODES,
  SALE_STATUSES,
  vehicleEdit,
  type vehicleApi,
  type InputOf,
  type VehicleRecord,
  type FilterOf,
} from '@swap/contracts';
import type { FormField } from '../../shared/form';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchField, SearchOption } from '../../shared/table';
import type { OptionSource } from '../../shared/table/types';
import { baseSearchFields, fieldKey, optionsOf } from '../../shared/devices';

export const SALE_MAP: StatusMap = {
  SOLD: { meaning: 'success', labelKey: 'vehicle.sale.SOLD' },
  UNSOLD: { meaning: 'default', labelKey: 'vehicle.sale.UNSOLD' },
};
export const AVAILABILITY_MAP: StatusMap = {
  AVAILABLE: { meaning: 'success', labelKey: 'vehicle.availability.AVAILABLE' },
  UNAVAILABLE: { meaning: 'warning', labelKey: 'vehicle.availability.UNAVAILABLE' },
};
export const ACTIVATION_MAP: StatusMap = {
  ACTIVATED: { meaning: 'success', labelKey: 'vehicle.activation.ACTIVATED' },
  NOT_ACTIVATED: { meaning: 'default', labelKey: 'vehicle.activation.NOT_ACTIVATED' },
};
export const SALE_MODE_MAP: StatusMap = Object.fromEntries(
  SALE_MODES.map((value) => [value, { meaning: 'processing' as const, labelKey: `vehicle.saleMode.${value}` }]),
);
export const ACC_MAP: StatusMap = {
  ON: { meaning: 'success', labelKey: 'vehicle.acc.ON' },
  OFF: { meaning: 'default', labelKey: 'vehicle.acc.OFF' },
};

export function vehicleSearchFields(types: SearchOption[], owners: OptionSource | null): SearchField<FilterOf<typeof vehicleApi.search>>[] {
  const fields = baseSearchFields<FilterOf<typeof vehicleApi.search>>(types, owners);
  fields.splice(
    4,
    0,
    { name: 'saleStatus', labelKey: fieldKey('saleStatus'), type: 'select', options: optionsOf(SALE_STATUSES, 'vehicle.sale') },
    {
      name: 'availability',
      labelKey: fieldKey('availability'),
      type: 'select',
      options: optionsOf(AVAILABILITIES, 'vehicle.availability'),
    },
    {
      name: 'activationStatus',
      labelKey: fieldKey('activationStatus'),
      type: 'select',
      options: optionsOf(ACTIVATION_STATUSES, 'vehicle.activation'),
    },
    { name: 'saleMode', labelKey: fieldKey('saleMode'), type: 'select', options: optionsOf(SALE_MODES, 'vehicle.saleMode') },
    { name: 'vin', labelKey: fieldKey('vin') },
    { name: 'batteryNumber', labelKey: fieldKey('batteryNumber') },
  );
  return fields;
}

export const BATTERY_FIELDS: FormField<'battery1Number' | 'battery2Number'>[] = [
  { name: 'battery1Number', labelKey: fieldKey('battery1Number'), maxLength: 32, helpKey: 'vehicle.batteryHelp' },
  { name: 'battery2Number', labelKey: fieldKey('battery2Number'), maxLength: 32 },
];

/** The whole edit payload of a vehicle as it is, so one change (a battery) can be sent alone. */
export function vehicleEditBody(
  record: VehicleRecord,
  change: Partial<Record<'battery1Number' | 'battery2Number', string | null>>,
): InputOf<typeof vehicleApi.edit> {
  const body: Record<string, unknown> = {};
  // Every field of the edit body (the maintained fields, the type and the id) is a field of the record.
  for (const name of Object.keys(vehicleEdit.shape)) body[name] = record[name as keyof VehicleRecord];
  return { ...body, ...change } as InputOf<typeof vehicleApi.edit>;
}
