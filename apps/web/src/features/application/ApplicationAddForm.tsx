import { useTranslation } from 'react-i18next';
import { APPLICATION_DEVICES_MAX, applicationAdd, applicationApi } from '@swap/contracts';
import { ResourceForm, type FormField } from '../../shared/form';
import { fieldKey } from '../../shared/devices';
import { KIND_OPTIONS, TYPE_OPTIONS } from './applicationModel';

type Field = FormField<'merchantId' | 'applicationType' | 'customerId' | 'deviceKind' | 'deviceNumbers' | 'reason'>;

/**
 * Staff register a customer's return or replacement on the customer's behalf; platform staff choose
 * the merchant (docs/operation-centre.md, "Applications"). Mounted while open: the merchant choices
 * load with it.
 */
export function ApplicationAddForm({ onClose, onSaved }: { onClose: () => void; onSaved: (id: number) => void }) {
  const { t } = useTranslation();
  const fields: Field[] = [
    { name: 'merchantId', labelKey: fieldKey('merchantId'), type: 'agent' },
    { name: 'applicationType', labelKey: fieldKey('applicationType'), type: 'select', options: TYPE_OPTIONS },
    { name: 'customerId', labelKey: fieldKey('customerId'), maxLength: 64 },
    { name: 'deviceKind', labelKey: fieldKey('deviceKind'), type: 'select', options: KIND_OPTIONS },
    {
      name: 'deviceNumbers',
      labelKey: fieldKey('deviceNumbers'),
      type: 'tags',
      max: APPLICATION_DEVICES_MAX,
      helpKey: 'application.numbersHelp',
    },
    { name: 'reason', labelKey: fieldKey('reason'), type: 'textarea', rows: 3, maxLength: 500, helpKey: 'application.addHelp' },
  ];
  return (
    <ResourceForm
      open
      mode="add"
      title={t('application.addTitle')}
      schema={applicationAdd}
      width={560}
      fields={fields}
      initialValues={{ applicationType: 'RETURN', deviceKind: 'battery' }}
      submit={applicationApi.add}
      refresh={[applicationApi.add]}
      onSaved={(record) => onSaved((record as { id: number }).id)}
      onClose={onClose}
    />
  );
}
