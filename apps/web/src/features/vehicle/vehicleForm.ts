import { ACTIVATION_STATUSES, AVAILABILITIES, SALE_MODES, vehicleAdd, vehicleEdit, type VehicleRecord } from '@swap/contracts';
import type { FormField } from '../../shared/form';
import { merchantField } from '../../shared/merchantChoices';
import { choiceField, decimalField, fieldKey, textField } from '../../shared/devices';
import type { DeviceFormSpec } from '../device-registry';
import { BATTERY_FIELDS } from './vehicleModel';

/**
 * The vehicle's add and edit form, a module of its own: the detail page loads it with its edit
 * drawer, so the page carries neither the fields nor the merchant choices of the dealer field.
 */

/** Maintained fields of vehicleAdd / vehicleEdit, batteries last. */
export const VEHICLE_FIELDS: FormField<Extract<keyof VehicleRecord, string>>[] = [
  textField('name'),
  textField('brand'),
  textField('model'),
  merchantField('dealerId'),
  textField('motorNumber'),
  textField('engineNumber'),
  { name: 'vin', labelKey: fieldKey('vin'), maxLength: 17, helpKey: 'vehicle.vinHelp' },
  textField('compartmentType'),
  decimalField('rateCapacity'),
  decimalField('rateVoltage'),
  choiceField('activationStatus', ACTIVATION_STATUSES, 'vehicle.activation'),
  choiceField('availability', AVAILABILITIES, 'vehicle.availability'),
  choiceField('saleMode', SALE_MODES, 'vehicle.saleMode'),
  ...BATTERY_FIELDS,
];

export const VEHICLE_DEFAULTS = { activationStatus: 'NOT_ACTIVATED', availability: 'AVAILABLE', saleMode: 'RENT_OR_SALE' };

/** The vehicle form of the list and detail pages. */
export const VEHICLE_FORM: DeviceFormSpec<VehicleRecord> = {
  addSchema: vehicleAdd,
  editSchema: vehicleEdit,
  fields: VEHICLE_FIELDS,
  initialValues: VEHICLE_DEFAULTS,
};
