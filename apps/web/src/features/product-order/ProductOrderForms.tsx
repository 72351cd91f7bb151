import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ORDER_SOURCES,
  productOrderAdd,
  productOrderApi,
  productOrderBind,
  productOrderSwitch,
  type ProductOrderRecord,
} from '@swap/contracts';
import { useAmount } from '../../shared/amount';
import { ResourceForm, type FormField } from '../../shared/form';
import { fieldKey, optionsOf } from '../../shared/devices';
import { isPlatformUser } from '../../shared/session';
import { useOrderableProducts } from './useOrderableProducts';

/** The products an order may take, each with its price per cycle. */
function useProductOptions(merchantId: number | undefined, enabled: boolean, except?: number) {
  const products = useOrderableProducts(merchantId, enabled).data ?? [];
  const amount = useAmount();
  return products.filter((p) => p.id !== except).map((p) => ({ value: p.id, label: `${p.name} · ${amount(p.pricePerCycle, p.currency)}` }));
}

/** Places an order for a customer of the merchant, as the customer's app would (docs/orders.md). */
export function PlaceOrderForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const platform = isPlatformUser();
  const [merchantId, setMerchantId] = useState<number | undefined>();
  const products = useProductOptions(merchantId, !platform || merchantId !== undefined);
  type Field = FormField<'merchantId' | 'customerNumber' | 'productId' | 'source'>;
  const fields: Field[] = [
    // Platform staff choose the agent (the kit shows the field to them only).
    { name: 'merchantId', labelKey: fieldKey('merchantId'), type: 'agent' },
    { name: 'customerNumber', labelKey: fieldKey('customerNumber'), maxLength: 32 },
    { name: 'productId', labelKey: fieldKey('productId'), type: 'select', options: products },
    { name: 'source', labelKey: fieldKey('source'), type: 'select', options: optionsOf(ORDER_SOURCES, 'productOrder.source') },
  ];
  return (
    <ResourceForm
      open
      mode="add"
      width={520}
      title={t('productOrder.placeTitle')}
      schema={productOrderAdd}
      fields={fields}
      onValuesChange={(_, all) => setMerchantId(all.merchantId as number | undefined)}
      submit={productOrderApi.add}
      refresh={[productOrderApi.add]}
      successKey="productOrder.placed"
      onClose={onClose}
    />
  );
}

/** Switches the order to another product of its merchant; the history keeps the old and new terms. */
export function SwitchPlanForm({ order, onClose }: { order: ProductOrderRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const products = useProductOptions(isPlatformUser() ? order?.merchantId : undefined, order !== null, order?.productId);
  return (
    <ResourceForm
      open={order !== null}
      mode="edit"
      width={520}
      title={t('productOrder.switchTitle', { number: order?.orderNo ?? '' })}
      schema={productOrderSwitch}
      fields={[
        { name: 'productId', labelKey: 'productOrder.newProduct', type: 'select', options: products, helpKey: 'productOrder.switchHelp' },
      ]}
      extraValues={order ? { id: order.id } : undefined}
      submit={productOrderApi.switchPlan}
      refresh={[productOrderApi.switchPlan]}
      successKey="productOrder.switched"
      onClose={onClose}
    />
  );
}

/** Binds a vehicle of the merchant to the order: the customer holds it, and the battery riding in it. */
export function BindVehicleForm({ order, onClose }: { order: ProductOrderRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ResourceForm
      open={order !== null}
      mode="edit"
      width={480}
      title={t('productOrder.bindTitle', { number: order?.orderNo ?? '' })}
      schema={productOrderBind}
      fields={[{ name: 'vehicleNumber', labelKey: fieldKey('vehicleNumber'), maxLength: 64, helpKey: 'productOrder.bindHelp' }]}
      extraValues={order ? { id: order.id } : undefined}
      submit={productOrderApi.bindVehicle}
      refresh={[productOrderApi.bindVehicle]}
      successKey="productOrder.bound"
      onClose={onClose}
    />
  );
}
