import { cabinetAdd, cabinetEdit, COMMUNICATION_TYPES, NETWORK_TYPES, RADIATOR_SETTINGS, type CabinetRecord } from '@swap/contracts';
import type { FormField } from '../../shared/form';
import { merchantSource } from '../../shared/merchantChoices';
import { fieldKey, optionsOf, pickValues } from '../../shared/devices';
import type { DeviceFormSpec } from '../device-registry';

/**
 * The cabinet's add and edit form, a module of its own: the detail page loads it with its edit
 * drawer, so the page carries neither the fields nor the merchant choices of the seller field.
 */

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
