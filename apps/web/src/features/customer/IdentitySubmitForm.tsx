import { useTranslation } from 'react-i18next';
import { CERTIFICATE_TYPES, customerApi, fileApi, id, identityApi, identitySubmit, type CustomerRecord } from '@swap/contracts';
import { ResourceForm, type FormField } from '../../shared/form';
import { fieldKey, optionsOf } from '../../shared/devices';
import { submitIdentity } from './customerQueries';

/** The form's shape: the two document photos as two image fields, sent as the submission's list. */
const submitForm = identitySubmit.omit({ customerId: true, documentFileIds: true }).extend({
  documentFront: id.nullish(),
  documentBack: id.nullish(),
});

type Field = FormField<'certificateType' | 'certificateNumber' | 'documentFront' | 'documentBack' | 'faceFileId'>;

/**
 * Staff send a customer's documents on their behalf: the certificate, up to two document photos and
 * a face photo, each stored in the customer's merchant as it is chosen (docs/customers.md, "Identity audits").
 */
export function IdentitySubmitForm({ customer, onClose }: { customer: CustomerRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const photo = (name: Field['name'], labelKey: string): Field => ({
    name,
    labelKey,
    type: 'image',
    upload: identityApi.upload,
    uploadFields: { customerId: String(customer.id) },
    download: fileApi.download,
  });
  return (
    <ResourceForm
      open
      mode="add"
      width={560}
      title={t('customer.identity.submitTitle', { number: customer.customerNumber })}
      schema={submitForm}
      fields={[
        {
          name: 'certificateType',
          labelKey: fieldKey('certificateType'),
          type: 'select',
          options: optionsOf(CERTIFICATE_TYPES, 'customer.certificateType'),
        },
        { name: 'certificateNumber', labelKey: fieldKey('certificateNumber'), maxLength: 20, helpKey: 'customer.identity.numberHelp' },
        photo('documentFront', 'customer.identity.documentFront'),
        photo('documentBack', 'customer.identity.documentBack'),
        photo('faceFileId', fieldKey('faceFileId')),
      ]}
      submit={({ documentFront, documentBack, ...rest }) =>
        submitIdentity({
          ...rest,
          customerId: customer.id,
          documentFileIds: [documentFront, documentBack].filter((file): file is number => typeof file === 'number'),
        })
      }
      successKey="customer.identity.submitted"
      refresh={[identityApi.submit, customerApi.detail]}
      onClose={onClose}
    />
  );
}
