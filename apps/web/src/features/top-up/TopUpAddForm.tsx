import { useTranslation } from 'react-i18next';
import { MARKETING_TYPES, topUpAdd, topUpApi } from '@swap/contracts';
import { ResourceForm, type FormField } from '../../shared/form';
import { fieldKey, optionsOf } from '../../shared/devices';
import { isPlatformUser } from '../../shared/session';
import { useOwnerOptions } from '../device-registry';

type Field = FormField<'merchantId' | 'customerId' | 'paidAmount' | 'giftAmount' | 'marketingType' | 'remark'>;

/** Staff top up a customer's wallet; platform staff choose the merchant (docs/operation-centre.md, "Top-ups"). Mounted while open. */
export function TopUpAddForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const owners = useOwnerOptions();
  const fields: Field[] = [
    ...(isPlatformUser()
      ? [{ name: 'merchantId', labelKey: fieldKey('merchantId'), type: 'select', options: owners?.merchants ?? [] } as Field]
      : []),
    { name: 'customerId', labelKey: fieldKey('customerId'), maxLength: 64 },
    { name: 'paidAmount', labelKey: fieldKey('paidAmount'), type: 'money', helpKey: 'topUp.addHelp' },
    { name: 'giftAmount', labelKey: fieldKey('giftAmount'), type: 'money' },
    {
      name: 'marketingType',
      labelKey: fieldKey('marketingType'),
      type: 'select',
      options: optionsOf(MARKETING_TYPES, 'topUp.marketingType'),
    },
    { name: 'remark', labelKey: fieldKey('remark'), type: 'textarea', rows: 2, maxLength: 200 },
  ];
  return (
    <ResourceForm
      open
      mode="add"
      title={t('topUp.add')}
      schema={topUpAdd}
      width={520}
      fields={fields}
      initialValues={{ giftAmount: '0', marketingType: 'NONE' }}
      submit={topUpApi.add}
      refresh={[topUpApi.add]}
      onClose={onClose}
    />
  );
}
