import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceKind } from '@swap/contracts';
import type { z } from 'zod';
import { ResourceForm, type FormField } from '../../shared/form';
import { fieldKey, pickValues } from '../../shared/devices';
import { deviceFormLoad, useDeviceChanges } from './deviceQueries';
import type { SearchOption } from '../../shared/table';
import { isPlatformUser } from '../../shared/session';
import { merchantSource } from '../../shared/merchantChoices';
import { useTypeOptions } from './useDeviceOptions';

export type FieldOptionsByName = Record<string, SearchOption[]>;

export interface DeviceFormDrawerProps<R> {
  kind: DeviceKind;
  /** 'new' adds one device; a record edits it (its detail is loaded first). */
  editing: { id: number; number: string } | 'new' | null;
  addSchema: z.ZodObject;
  editSchema: z.ZodObject;
  /** The kind's maintained fields, after number, type and owner; an edit starts from the record's values of these (and of its type). */
  fields: FormField<Extract<keyof R, string>>[];
  /** Whether the type may be changed once registered (a cabinet's compartments come from its type). */
  typeEditable?: boolean;
  initialValues?: Record<string, unknown>;
  /** Reads the choices of fields fed by calls, by field name, while the form is open; loaded on first use (fields searched on the server take a `source` instead). */
  FieldOptions?: ComponentType<{ children: (options: FieldOptionsByName) => ReactNode }>;
  onClose: () => void;
  onSaved?: () => void;
}

/** A kind's form, declared once and used by its list and detail pages. */
export type DeviceFormSpec<R> = Omit<DeviceFormDrawerProps<R>, 'kind' | 'editing' | 'onClose' | 'onSaved'>;

/** Add one device of a kind, or edit one: the kind declares its fields, the form is ResourceForm. */
export function DeviceFormDrawer<R>(props: DeviceFormDrawerProps<R>) {
  const { kind, editing, addSchema, editSchema, fields, typeEditable = true, initialValues, FieldOptions, onClose, onSaved } = props;
  const { t } = useTranslation();
  const changes = useDeviceChanges(kind);
  const types = useTypeOptions(kind);
  const record = editing !== null && editing !== 'new' ? editing : null;
  // What an edit starts from: the record's values of the fields it shows (none of the head's but the type, when it may change).
  const edited = [...(typeEditable ? ['typeId'] : []), ...fields.map((field) => field.name)];

  const head: FormField[] = [
    { name: 'number', labelKey: fieldKey('number'), maxLength: 32, modes: ['add'] },
    { name: 'typeId', labelKey: fieldKey('typeId'), type: 'select', options: types, ...(typeEditable ? {} : { modes: ['add' as const] }) },
  ];
  // Platform staff choose the owner among the merchants, searched on the server; a merchant's staff register their own.
  if (isPlatformUser())
    head.push({
      name: 'merchantId',
      labelKey: fieldKey('merchantName'),
      type: 'select',
      source: merchantSource,
      modes: ['add'],
      helpKey: 'deviceRegistry.ownerHelp',
    });

  const form = (fed: FieldOptionsByName) => (
    <ResourceForm
      open={editing !== null}
      mode={record ? 'edit' : 'add'}
      width={640}
      title={record ? t('deviceRegistry.editTitle', { number: record.number }) : t(`deviceRegistry.addTitle.${kind}`)}
      schema={record ? editSchema : addSchema}
      fields={[...head, ...fields.map((field) => (fed[field.name] ? { ...field, options: fed[field.name] } : field))]}
      initialValues={record ? undefined : initialValues}
      // R is this kind's detail record: the page passes the kind and its record type together.
      load={record ? deviceFormLoad(kind, record.id, (detail) => pickValues(detail as Record<string, unknown>, edited)) : undefined}
      extraValues={record ? { id: record.id } : undefined}
      // The form parsed the body with this kind's own schema (addSchema / editSchema).
      submit={record ? changes.edit : changes.add}
      onSaved={onSaved}
      onClose={onClose}
    />
  );
  if (!FieldOptions) return form({});
  return (
    <Suspense fallback={null}>
      <FieldOptions>{form}</FieldOptions>
    </Suspense>
  );
}
