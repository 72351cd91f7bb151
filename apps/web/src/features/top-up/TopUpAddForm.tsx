import { useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { MARKETING_TYPES, topUpAdd, topUpApi, type TopUpOffer } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { useAmount } from '../../shared/amount';
import { ResourceForm, type FormField } from '../../shared/form';
import { fieldKey, optionsOf } from '../../shared/devices';
import { isPlatformUser } from '../../shared/session';

type Name = 'merchantId' | 'customerId' | 'offerId' | 'paidAmount' | 'giftAmount' | 'marketingType' | 'remark';
type Field = FormField<Name>;
type Values = Record<string, unknown>;

/** What an offer fills in: its amounts and marketing type. */
const offerValues = (offer: TopUpOffer) => ({
  paidAmount: offer.paidAmount,
  giftAmount: offer.giftAmount,
  marketingType: offer.marketingType,
});

/**
 * Staff top up a customer's wallet; platform staff choose the merchant. Choosing one of the merchant's
 * enabled top-up offers fills the paid and gifted amounts and the marketing type; changing any of
 * them afterwards leaves the offer (docs/operation-centre.md, "Top-ups"). Mounted while open.
 */
export function TopUpAddForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const amount = useAmount();
  const platform = isPlatformUser();
  const [form] = Form.useForm<Values>();
  const [merchantId, setMerchantId] = useState<number | undefined>(undefined);
  const offers = useEndpointQuery(topUpApi.offers, merchantId === undefined ? {} : { merchantId }, {
    enabled: !platform || merchantId !== undefined,
  });
  const list = offers.data ?? [];
  const offerLabel = (offer: TopUpOffer) =>
    t('topUp.offerOption', {
      paid: amount(offer.paidAmount, offer.currency),
      gift: amount(offer.giftAmount, offer.currency),
      type: t(`topUp.marketingType.${offer.marketingType}`),
      city: offer.cityName ?? '',
    });
  const fields: Field[] = [
    { name: 'merchantId', labelKey: fieldKey('merchantId'), type: 'agent' },
    { name: 'customerId', labelKey: fieldKey('customerId'), maxLength: 64 },
    {
      name: 'offerId',
      labelKey: fieldKey('offerId'),
      type: 'select',
      options: list.map((offer) => ({ value: offer.id, label: offerLabel(offer) })),
      helpKey: 'topUp.offerHelp',
    },
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
  const follow = (changed: Values) => {
    if ('merchantId' in changed) {
      setMerchantId((changed['merchantId'] as number | null) ?? undefined);
      form.setFieldValue('offerId', null);
    } else if ('offerId' in changed) {
      const offer = list.find((o) => o.id === changed['offerId']);
      if (offer) form.setFieldsValue(offerValues(offer));
    } else if (['paidAmount', 'giftAmount', 'marketingType'].some((name) => name in changed)) {
      // Amounts of one's own are not the offer's any more.
      form.setFieldValue('offerId', null);
    }
  };
  return (
    <ResourceForm
      open
      mode="add"
      title={t('topUp.add')}
      schema={topUpAdd}
      width={520}
      form={form}
      fields={fields}
      initialValues={{ giftAmount: '0', marketingType: 'NONE' }}
      onValuesChange={follow}
      submit={topUpApi.add}
      refresh={[topUpApi.add]}
      onClose={onClose}
    />
  );
}
