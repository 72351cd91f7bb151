import { cabinetAdd, cabinetEdit, COMMUNICATION_TYPES, NETWORK_TYPES, RADIATOR_SETTINGS, type CabinetRecord } from '@swap/contracts';
import type { FormField } from '../../shared/form';
import { merchantField } from '../../shared/merchantChoices';
import { choiceField, decimalField, fieldKey, textField } from '../../shared/devices';
import type { DeviceFormSpec } from '../device-registry';

/**
 * The cabinet's add and edit form, a module of its own: the detail page loads it with its edit
 * drawer, so the page carries neither the fields nor the merchant choices of the seller field.
 */

/** Maintained fields of cabinetAdd / cabinetEdit; readings come from the device link. */
export const CABINET_FIELDS: FormField<Extract<keyof CabinetRecord, string>>[] = [
  textField('brand'),
  textField('model'),
  textField('productNumber'),
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
  choiceField('radiatorSetting', RADIATOR_SETTINGS, 'cabinet.radiator'),
  decimalField('externalMaxPower'),
  decimalField('chargerTotalPower'),
  { name: 'meterCount', labelKey: fieldKey('meterCount'), type: 'number', min: 1, max: 100, precision: 0 },
  { name: 'imei', labelKey: fieldKey('imei'), maxLength: 15 },
  textField('androidSerialNumber', 64),
  merchantField('sellerId'),
  { name: 'purchaseTime', labelKey: fieldKey('purchaseTime'), type: 'dateTime' },
  { name: 'latitude', labelKey: fieldKey('latitude'), type: 'number', min: -90, max: 90, precision: 6 },
  { name: 'longitude', labelKey: fieldKey('longitude'), type: 'number', min: -180, max: 180, precision: 6 },
  { name: 'location', labelKey: fieldKey('location'), maxLength: 200 },
];

/** The cabinet form of the list and detail pages. */
export const CABINET_FORM: DeviceFormSpec<CabinetRecord> = {
  addSchema: cabinetAdd,
  editSchema: cabinetEdit,
  fields: CABINET_FIELDS,
  // A cabinet's compartments come from its type, so the type is fixed once registered.
  typeEditable: false,
  initialValues: { radiatorSetting: 'AUTO' },
};
