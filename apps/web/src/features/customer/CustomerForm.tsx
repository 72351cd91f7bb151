import { useTranslation } from 'react-i18next';
import { customerAdd, customerApi, customerEdit, type CustomerRecord } from '@swap/contracts';
import { ResourceForm, type FormField } from '../../shared/form';
import { fieldKey } from '../../shared/devices';

type Field = FormField<'merchantId' | 'customerNumber' | 'givenName' | 'familyName' | 'phone'>;

/** Registers a customer on their behalf, or edits one (names and phone); mounted while open (docs/customers.md). */
export function CustomerForm({ customer, onClose }: { customer: CustomerRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const adding = customer === null;
  const fields: Field[] = [
    { name: 'merchantId', labelKey: fieldKey('merchantId'), type: 'agent', modes: ['add'] },
    ...(adding ? [{ name: 'customerNumber', labelKey: fieldKey('customerNumber'), maxLength: 32 } as Field] : []),
    { name: 'givenName', labelKey: fieldKey('givenName'), maxLength: 20 },
    { name: 'familyName', labelKey: fieldKey('familyName'), maxLength: 20 },
    { name: 'phone', labelKey: fieldKey('phone'), maxLength: 20 },
  ];
  const common = { open: true, width: 480, successKey: 'customer.saved', refresh: [customerApi.edit], onClose } as const;
  return adding ? (
    <ResourceForm {...common} mode="add" title={t('customer.addTitle')} schema={customerAdd} fields={fields} submit={customerApi.add} />
  ) : (
    <ResourceForm
      {...common}
      mode="edit"
      title={t('customer.editTitle', { number: customer.customerNumber })}
      schema={customerEdit}
      fields={fields as FormField<'givenName' | 'familyName' | 'phone'>[]}
      initialValues={{ givenName: customer.givenName, familyName: customer.familyName, phone: customer.phone ?? '' }}
      extraValues={{ id: customer.id }}
      submit={customerApi.edit}
    />
  );
}

/** Restricts or relaxes a customer: the reason, then a question before it is sent. */
export function RestrictForm({ customer, onClose }: { customer: CustomerRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const restricting = customer.restriction === 'UNRESTRICTED';
  return (
    <ResourceForm
      open
      mode="edit"
      width={480}
      title={t(restricting ? 'customer.restrictTitle' : 'customer.relaxTitle', { number: customer.customerNumber })}
      schema={customerApi.restrict.body}
      fields={[{ name: 'reason', labelKey: fieldKey('reason'), type: 'textarea', rows: 3, maxLength: 200 }]}
      extraValues={{ id: customer.id }}
      submit={restricting ? customerApi.restrict : customerApi.relax}
      confirmKey={restricting ? 'customer.restrictConfirm' : 'customer.relaxConfirm'}
      successKey={restricting ? 'customer.restricted' : 'customer.relaxed'}
      refresh={[customerApi.restrict]}
      onClose={onClose}
    />
  );
}
