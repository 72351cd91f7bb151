import { useTranslation } from 'react-i18next';
import { fileApi, MERCHANT_SELF_EDITABLE, merchantAdd, merchantEdit, type MerchantRecord } from '@swap/contracts';
import { ResourceForm, type FormField, type FormMode } from '../../shared/form';
import { isPlatformUser } from '../../shared/session';
import { IMAGE_FIELDS, IMAGE_LABELS, typeOptions } from './merchantModel';
import { useMerchantChanges } from './merchantQueries';

type Field = FormField<Exclude<keyof MerchantRecord, 'id' | 'accountCount' | 'createdAt'>>;

/** Add or edit a merchant; a merchant's own staff may change only its contact fields. */
export function MerchantFormDrawer({
  editing,
  onClose,
  onSaved,
}: {
  editing: MerchantRecord | 'new' | null;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const changes = useMerchantChanges();
  const adding = editing === 'new';
  const record = editing && editing !== 'new' ? editing : null;
  const locked: FormMode[] = isPlatformUser() ? [] : ['edit'];
  const lockUnlessSelf = (name: Field['name']): FormMode[] => ((MERCHANT_SELF_EDITABLE as readonly string[]).includes(name) ? [] : locked);
  const declared: Field[] = [
    { name: 'name', labelKey: 'merchant.name', maxLength: 20 },
    { name: 'type', labelKey: 'merchant.typeLabel', type: 'select', options: typeOptions },
    { name: 'personInCharge', labelKey: 'merchant.personInCharge', maxLength: 20 },
    { name: 'contact', labelKey: 'merchant.contact', maxLength: 20, helpKey: 'merchant.contactHelp' },
    { name: 'officeAddress', labelKey: 'merchant.officeAddress', type: 'textarea', rows: 2, maxLength: 200 },
    ...IMAGE_FIELDS.map((name): Field => ({
      name,
      labelKey: IMAGE_LABELS[name],
      type: 'image',
      upload: fileApi.upload,
      download: fileApi.download,
      helpKey: 'merchant.imageHelp',
    })),
  ];
  const fields = declared.map((field): Field => ({ ...field, readOnlyIn: lockUnlessSelf(field.name) }));

  return (
    <ResourceForm
      open={editing !== null}
      mode={adding ? 'add' : 'edit'}
      title={t(adding ? 'merchant.addTitle' : 'merchant.editTitle')}
      schema={(adding ? merchantAdd : merchantEdit) as typeof merchantEdit}
      width={600}
      fields={fields}
      initialValues={record ?? { type: 'AGENT' }}
      extraValues={record ? { id: record.id } : undefined}
      submit={adding ? changes.add : changes.edit}
      onSaved={onSaved}
      onClose={onClose}
    />
  );
}
