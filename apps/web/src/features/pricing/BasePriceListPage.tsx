import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANY_BIKE,
  CURRENCY_DECIMALS,
  OPERATION_TYPES,
  VEHICLE_MAX_BATTERIES,
  basePriceAdd,
  basePriceApi,
  basePriceEdit,
  type BasePriceRecord,
} from '@swap/contracts';
import { ResourceForm, type FormField } from '../../shared/form';
import { formatAmount } from '../../shared/format';
import { editAction, ListPage, removeAction, type SearchOption } from '../../shared/table';
import { useOwnerOptions, useTypeOptions } from '../device-registry';
import { useCityOptions } from '../../shared/priceCities';

const CODE = 'price.vehicle';
const AMOUNTS = ['price', 'deposit', 'rent', 'dailyRate', 'minDailyRate'] as const;
type FieldName = 'merchantId' | 'operationType' | 'vehicleTypeId' | 'batteryCount' | 'cityId' | (typeof AMOUNTS)[number];

const operationOptions: SearchOption[] = OPERATION_TYPES.map((type) => ({ value: type, labelKey: `basePrice.operationType.${type}` }));
const batteryOptions: SearchOption[] = Array.from({ length: VEHICLE_MAX_BATTERIES }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/**
 * Operation centre → Pricing → Vehicle prices: the base price per operation type, vehicle type,
 * number of batteries and city (docs/operation-centre.md, "Base prices").
 * @route /basic-pricing/vehicle-price
 */
export function BasePriceListPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<BasePriceRecord | 'new' | null>(null);
  const adding = editing === 'new';
  const owners = useOwnerOptions();
  const cities = useCityOptions();
  const vehicleTypes: SearchOption[] = [{ value: ANY_BIKE, labelKey: 'basePrice.vehicleType.ANY_BIKE' }, ...useTypeOptions('vehicle')];
  const amount = (value: string, record: BasePriceRecord) => formatAmount(value, record.currency, CURRENCY_DECIMALS[record.currency]);
  const fields: FormField<FieldName>[] = [
    { name: 'merchantId', labelKey: 'field.merchantId', type: 'agent', modes: ['add'] },
    { name: 'operationType', labelKey: 'field.operationType', type: 'select', options: operationOptions },
    { name: 'vehicleTypeId', labelKey: 'field.vehicleTypeId', type: 'select', options: vehicleTypes, helpKey: 'basePrice.anyBikeHelp' },
    { name: 'batteryCount', labelKey: 'field.batteryCount', type: 'select', options: batteryOptions },
    { name: 'cityId', labelKey: 'field.cityId', type: 'select', options: cities },
    ...AMOUNTS.map((name) => ({ name, labelKey: `field.${name}`, type: 'money' as const })),
  ];
  return (
    <ListPage
      titleKey="nav.price.vehicle"
      add={{ code: `${CODE}.add`, labelKey: 'basePrice.add', onClick: () => setEditing('new') }}
      endpoints={basePriceApi}
      scrollX={1300}
      searchFields={[
        ...(owners
          ? [{ name: 'merchantId' as const, labelKey: 'field.merchantId', type: 'select' as const, source: owners.merchants }]
          : []),
        { name: 'operationType', labelKey: 'field.operationType', type: 'select', options: operationOptions },
        { name: 'vehicleTypeId', labelKey: 'field.vehicleTypeId', type: 'select', options: vehicleTypes },
        { name: 'batteryCount', labelKey: 'field.batteryCount', type: 'select', options: batteryOptions },
        { name: 'cityId', labelKey: 'field.cityId', type: 'select', options: cities },
      ]}
      columns={[
        ...(owners ? [{ key: 'merchantName', titleKey: 'field.merchantId', width: 160 }] : []),
        {
          key: 'operationType',
          titleKey: 'field.operationType',
          sortable: true,
          width: 140,
          render: (r) => t(`basePrice.operationType.${r.operationType}`),
        },
        {
          key: 'vehicleTypeName',
          titleKey: 'field.vehicleTypeId',
          width: 160,
          render: (r) => (r.vehicleTypeId === ANY_BIKE ? t('basePrice.vehicleType.ANY_BIKE') : (r.vehicleTypeName ?? '')),
        },
        { key: 'batteryCount', titleKey: 'field.batteryCount', kind: 'number', sortable: true, width: 120 },
        { key: 'cityName', titleKey: 'field.cityId', width: 160 },
        { key: 'price', titleKey: 'field.price', align: 'right', sortable: true, width: 150, render: (r) => amount(r.price, r) },
        ...AMOUNTS.filter((name) => name !== 'price').map((name) => ({
          key: name,
          titleKey: `field.${name}`,
          align: 'right' as const,
          width: 150,
          render: (r: BasePriceRecord) => amount(r[name], r),
        })),
        { key: 'createdAt', titleKey: 'field.createdAt', kind: 'datetime', sortable: true, width: 190 },
      ]}
      rowActions={[editAction(CODE, setEditing), removeAction(CODE, basePriceApi.remove, { confirmKey: 'basePrice.confirmRemove' })]}
    >
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? 'basePrice.add' : 'basePrice.editTitle')}
        schema={(adding ? basePriceAdd : basePriceEdit) as unknown as typeof basePriceEdit}
        width={600}
        fields={fields as FormField<Exclude<FieldName, 'merchantId'> | 'id'>[]}
        initialValues={editing && editing !== 'new' ? editing : {}}
        extraValues={editing && editing !== 'new' ? { id: editing.id } : undefined}
        submit={adding ? basePriceApi.add : basePriceApi.edit}
        refresh={[basePriceApi.edit]}
        onClose={() => setEditing(null)}
      />
    </ListPage>
  );
}
