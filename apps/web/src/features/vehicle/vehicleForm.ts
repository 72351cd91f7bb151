import { ACTIVATION_STATUSES, AVAILABILITIES, SALE_MODES, vehicleAdd, vehicleEdit, type VehicleRecord } from '@swap/contracts';
import type { FormField } from '../../shared/form';
import { merchantSource } from '../../shared/merchantChoices';
import { fieldKey, optionsOf, pickValues } from '../../shared/devices';
import type { DeviceFormSpec } from '../device-registry';
import { BATTERY_FIELDS, VEHICLE_EDIT_NAMES } from './vehicleModel';

/**
 * The vehicle's add and edit form, a module of its own: the detail page loads it with its edit
 * drawer, so the page carries neither the fields nor the merchant choices of the dealer field.
 */

const text = (name: string, maxLength = 40): FormField => ({ name, labelKey: fieldKey(name), maxLength });
const decimal = (name: string): FormField => ({ name, labelKey: fieldKey(name), type: 'number', min: 0, precision: 2 });

/** Maintained fields of vehicleAdd / vehicleEdit, batteries last. */
export const VEHICLE_FIELDS: FormField[] = [
  text('name'),
  text('brand'),
  text('model'),
  {
    name: 'dealerId',
    labelKey: fieldKey('dealerId'),
    type: 'select',
    // Named by platform staff, another merchant shows as such to a merchant's staff (docs/stations-and-maps.md, "Seller and dealer").
    source: { ...merchantSource, missingLabelKey: 'message.anotherMerchant' },
  },
  text('motorNumber'),
  text('engineNumber'),
  { name: 'vin', labelKey: fieldKey('vin'), maxLength: 17, helpKey: 'vehicle.vinHelp' },
  text('compartmentType'),
  decimal('rateCapacity'),
  decimal('rateVoltage'),
  {
    name: 'activationStatus',
    labelKey: fieldKey('activationStatus'),
    type: 'select',
    options: optionsOf(ACTIVATION_STATUSES, 'vehicle.activation'),
  },
  { name: 'availability', labelKey: fieldKey('availability'), type: 'select', options: optionsOf(AVAILABILITIES, 'vehicle.availability') },
  { name: 'saleMode', labelKey: fieldKey('saleMode'), type: 'select', options: optionsOf(SALE_MODES, 'vehicle.saleMode') },
  ...BATTERY_FIELDS,
];

export const VEHICLE_DEFAULTS = { activationStatus: 'NOT_ACTIVATED', availability: 'AVAILABLE', saleMode: 'RENT_OR_SALE' };

/** The vehicle form of the list and detail pages. */
export const VEHICLE_FORM: DeviceFormSpec<VehicleRecord> = {
  addSchema: vehicleAdd,
  editSchema: vehicleEdit,
  fields: VEHICLE_FIELDS,
  initialValues: VEHICLE_DEFAULTS,
  toValues: (record) => pickValues(record, VEHICLE_EDIT_NAMES),
};
