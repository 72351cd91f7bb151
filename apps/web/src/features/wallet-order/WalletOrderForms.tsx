import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ORDER_SOURCES,
  packageOrderAdd,
  rechargeOrderAdd,
  walletOrderApi,
  walletOrderMarkPaid,
  type WalletOrderKind,
  type WalletOrderRecord,
} from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { fieldKey, optionsOf } from '../../shared/devices';
import { ResourceForm, type FormField } from '../../shared/form';
import { useAmount } from '../../shared/amount';
import { isPlatformUser } from '../../shared/session';

/** Places a recharge order (a top-up offer or a plain amount) or a package order for a customer of the merchant (docs/orders.md). */
export function PlaceWalletOrderForm({ kind, onClose }: { kind: WalletOrderKind; onClose: () => void }) {
  const { t } = useTranslation();
  const amount = useAmount();
  // Platform staff see the offers once they chose the merchant; a merchant's staff see their own.
  const [merchantId, setMerchantId] = useState<number | undefined>();
  const ready = !isPlatformUser() || merchantId !== undefined;
  const query = merchantId ? { merchantId } : {};
  const rechargeOffers = useEndpointQuery(walletOrderApi.recharge.offers, query, { enabled: ready && kind === 'recharge' }).data ?? [];
  const packages = useEndpointQuery(walletOrderApi.package.offers, query, { enabled: ready && kind === 'package' }).data ?? [];
  const common: FormField[] = [
    { name: 'merchantId', labelKey: fieldKey('merchantId'), type: 'agent' },
    { name: 'customerNumber', labelKey: fieldKey('customerNumber'), maxLength: 32 },
  ];
  const source: FormField = {
    name: 'source',
    labelKey: fieldKey('source'),
    type: 'select',
    options: optionsOf(ORDER_SOURCES, 'productOrder.source'),
  };
  const fields: FormField[] =
    kind === 'recharge'
      ? [
          ...common,
          {
            name: 'offerId',
            labelKey: fieldKey('offerId'),
            type: 'select',
            helpKey: 'walletOrder.offerHelp',
            options: rechargeOffers.map((offer) => ({
              value: offer.id,
              label: `${amount(offer.paidAmount, offer.currency)} + ${amount(offer.giftAmount, offer.currency)} · ${t(`topUp.marketingType.${offer.marketingType}`)}`,
            })),
          },
          { name: 'paidAmount', labelKey: fieldKey('paidAmount'), type: 'money' },
          source,
        ]
      : [
          ...common,
          {
            name: 'packagePriceId',
            labelKey: fieldKey('packagePriceId'),
            type: 'select',
            options: packages.map((pack) => ({
              value: pack.id,
              label: t('walletOrder.packageOption', {
                name: pack.name,
                swaps: pack.swaps,
                days: pack.validityDays,
                price: amount(pack.price, pack.currency),
              }),
            })),
          },
          source,
        ];
  return (
    <ResourceForm
      open
      mode="add"
      width={520}
      title={t(`walletOrder.place.${kind}`)}
      schema={(kind === 'recharge' ? rechargeOrderAdd : packageOrderAdd) as typeof packageOrderAdd}
      fields={fields as FormField<keyof typeof packageOrderAdd.shape>[]}
      onValuesChange={(_, all) => setMerchantId(all.merchantId as number | undefined)}
      submit={walletOrderApi[kind].add}
      refresh={[walletOrderApi[kind].add]}
      successKey="walletOrder.placed"
      onClose={onClose}
    />
  );
}

/** Staff record a payment the gateway reported: its name, transaction id and the amount (docs/orders.md). */
export function MarkPaidForm({ order, onClose }: { order: WalletOrderRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!order) return null;
  return (
    <ResourceForm
      open
      mode="add"
      width={480}
      title={t('walletOrder.markPaidTitle', { number: order.orderNo })}
      schema={walletOrderMarkPaid}
      fields={[
        { name: 'paymentGateway', labelKey: fieldKey('paymentGateway'), maxLength: 32 },
        { name: 'transactionId', labelKey: fieldKey('transactionId'), maxLength: 64 },
        { name: 'amount', labelKey: fieldKey('amount'), type: 'money' },
      ]}
      initialValues={{ amount: order.paidAmount }}
      currency={order.currency}
      extraValues={{ id: order.id }}
      submit={walletOrderApi[order.kind].markPaid}
      refresh={[walletOrderApi[order.kind].markPaid]}
      successKey="walletOrder.markedPaid"
      onClose={onClose}
    />
  );
}
