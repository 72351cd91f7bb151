import { useTranslation } from 'react-i18next';
import { DEVICE_ORDER_TYPES_OF, deviceOrderAdd, deviceOrderApi, ORDER_SOURCES, type DeviceOrderKind } from '@swap/contracts';
import { ResourceForm, type FormField } from '../../shared/form';
import { fieldKey, optionsOf } from '../../shared/devices';
import { useCityOptions } from '../../shared/priceCities';

type Field = FormField<'merchantId' | 'customerNumber' | 'deviceNumber' | 'orderType' | 'cityId' | 'source'>;

/** Places a vehicle or battery order for a customer of the merchant, priced in the chosen city (docs/orders.md). */
export function DeviceOrderForm({ kind, onClose }: { kind: DeviceOrderKind; onClose: () => void }) {
  const { t } = useTranslation();
  const cities = useCityOptions();
  const fields: Field[] = [
    // Platform staff choose the agent (the kit shows the field to them only).
    { name: 'merchantId', labelKey: fieldKey('merchantId'), type: 'agent' },
    { name: 'customerNumber', labelKey: fieldKey('customerNumber'), maxLength: 32 },
    { name: 'deviceNumber', labelKey: fieldKey(kind === 'vehicle' ? 'vehicleNumber' : 'batteryNumber'), maxLength: 64 },
    {
      name: 'orderType',
      labelKey: fieldKey('orderType'),
      type: 'select',
      options: optionsOf(DEVICE_ORDER_TYPES_OF[kind], 'deviceOrder.type'),
    },
    {
      name: 'cityId',
      labelKey: fieldKey('cityId'),
      type: 'select',
      options: cities,
    },
    { name: 'source', labelKey: fieldKey('source'), type: 'select', options: optionsOf(ORDER_SOURCES, 'productOrder.source') },
  ];
  return (
    <ResourceForm
      open
      mode="add"
      width={520}
      title={t(`deviceOrder.placeTitle.${kind}`)}
      schema={deviceOrderAdd}
      fields={fields}
      submit={deviceOrderApi[kind].add}
      refresh={[deviceOrderApi[kind].add]}
      successKey="deviceOrder.placed"
      onClose={onClose}
    />
  );
}
