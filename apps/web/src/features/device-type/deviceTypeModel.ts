import {
  BATTERY_STRUCTURES,
  batteryTypeAdd,
  batteryTypeEdit,
  cabinetTypeAdd,
  cabinetTypeEdit,
  vehicleTypeAdd,
  vehicleTypeEdit,
  type DeviceKind,
  type FilterOf,
  type deviceTypeApi,
} from '@swap/contracts';
import type { z } from 'zod';
import type { FormField } from '../../shared/form';
import type { StatusMap } from '../../shared/StatusTag';
import type { ResourceColumn, SearchField } from '../../shared/table';

/** Resource codes: type.<kind>.<action>. */
export function typeCodes(kind: DeviceKind) {
  return { add: `type.${kind}.add`, edit: `type.${kind}.edit`, remove: `type.${kind}.remove`, export: `type.${kind}.export` };
}

const label = (field: string) => `field.${field}`;

/** The filters of a type list (every kind's search takes the same). */
type TypeFilter = FilterOf<(typeof deviceTypeApi)[DeviceKind]['search']>;

export interface TypeKindDef {
  titleKey: string;
  addSchema: z.ZodObject;
  editSchema: z.ZodObject;
  /** The kind's specification fields, after code, name and description. */
  specFields: FormField[];
  /** Columns of the kind's specification (the list sorts by none of them). */
  specColumns: ResourceColumn<Record<string, unknown>, never>[];
  searchFields: SearchField<TypeFilter>[];
}

const STRUCTURE_MAP: StatusMap = Object.fromEntries(
  BATTERY_STRUCTURES.map((value) => [value, { meaning: 'default' as const, labelKey: `deviceType.structure.${value}` }]),
);
const structureOptions = BATTERY_STRUCTURES.map((value) => ({ value, labelKey: `deviceType.structure.${value}` }));
const decimal = (name: string): FormField => ({ name, labelKey: label(name), type: 'number', min: 0, precision: 2 });
const whole = (name: string, max: number): FormField => ({ name, labelKey: label(name), type: 'number', min: 1, max, precision: 0 });
const numberColumn = (key: string): ResourceColumn<Record<string, unknown>, never> => ({
  key,
  titleKey: label(key),
  kind: 'number',
  width: 130,
});

const baseSearch: SearchField<TypeFilter>[] = [
  { name: 'code', labelKey: 'deviceType.code' },
  { name: 'name', labelKey: 'deviceType.name' },
];

/** What differs between vehicle, battery and cabinet types; the screen is one. */
export const TYPE_KINDS: Record<DeviceKind, TypeKindDef> = {
  battery: {
    titleKey: 'nav.type.battery',
    addSchema: batteryTypeAdd,
    editSchema: batteryTypeEdit,
    specFields: [
      { name: 'structure', labelKey: label('structure'), type: 'select', options: structureOptions },
      decimal('ratedVoltage'),
      decimal('ratedCapacity'),
      decimal('ratedCurrent'),
      whole('cellCount', 1000),
      decimal('weight'),
    ],
    specColumns: [
      { key: 'structure', titleKey: label('structure'), kind: 'status', statusMap: STRUCTURE_MAP, width: 200 },
      numberColumn('ratedVoltage'),
      numberColumn('ratedCapacity'),
      numberColumn('ratedCurrent'),
      numberColumn('cellCount'),
      numberColumn('weight'),
    ],
    searchFields: [...baseSearch, { name: 'structure', labelKey: label('structure'), type: 'select', options: structureOptions }],
  },
  vehicle: {
    titleKey: 'nav.type.vehicle',
    addSchema: vehicleTypeAdd,
    editSchema: vehicleTypeEdit,
    specFields: [
      whole('batteryCompartments', 2),
      { name: 'compartmentType', labelKey: label('compartmentType'), maxLength: 40 },
      decimal('ratedCapacity'),
      decimal('ratedVoltage'),
    ],
    specColumns: [
      numberColumn('batteryCompartments'),
      { key: 'compartmentType', titleKey: label('compartmentType'), width: 160 },
      numberColumn('ratedCapacity'),
      numberColumn('ratedVoltage'),
    ],
    searchFields: baseSearch,
  },
  cabinet: {
    titleKey: 'nav.type.cabinet',
    addSchema: cabinetTypeAdd,
    editSchema: cabinetTypeEdit,
    specFields: [whole('compartmentCount', 60), decimal('chargerTotalPower'), decimal('externalMaxPower')],
    specColumns: [numberColumn('compartmentCount'), numberColumn('chargerTotalPower'), numberColumn('externalMaxPower')],
    searchFields: baseSearch,
  },
};
