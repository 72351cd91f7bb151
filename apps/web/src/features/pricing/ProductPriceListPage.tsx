import { useState } from 'react';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DURATION_UNITS,
  OPERATION_TYPES,
  PACKAGE_LABELS,
  SALE_MODES,
  productPackageAdd,
  productPackageApi,
  productPackageEdit,
  type ProductPackageRecord,
} from '@swap/contracts';
import { optionsOf } from '../../shared/devices';
import { ResourceForm, type FormField } from '../../shared/form';
import { editAction, ListPage, removeAction } from '../../shared/table';
import { useOwnerOptions, useTypeOptions } from '../device-registry';
import { useAmount } from '../../shared/amount';
import { useCityOptions } from '../../shared/priceCities';

const CODE = 'price.product';

type Name = Exclude<keyof typeof productPackageAdd.shape, never>;

/** What the form shows of a product: every field, the times as the instants they are. */
function valuesOf(record: ProductPackageRecord) {
  const { id: _id, merchantName: _m, vehicleTypeName: _v, cityName: _c, currency: _cur, createdAt: _at, ...values } = record;
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
}

/**
 * Operation centre → Product prices: each agent's products and packages (docs/operation-centre.md,
 * "Products and packages").
 * @route /basic-pricing/product-price
 */
export function ProductPriceListPage() {
  const { t } = useTranslation();
  const amount = useAmount();
  const owners = useOwnerOptions();
  const vehicleTypes = useTypeOptions('vehicle');
  const cityOptions = useCityOptions();
  const operationTypes = optionsOf(OPERATION_TYPES, 'basePrice.operationType');
  const saleModes = optionsOf(SALE_MODES, 'vehicle.saleMode');
  const [editing, setEditing] = useState<ProductPackageRecord | 'new' | null>(null);
  const adding = editing === 'new';
  const fields: FormField<Name>[] = [
    { name: 'merchantId', labelKey: 'field.merchantName', type: 'agent', modes: ['add'] },
    { name: 'name', labelKey: 'field.name', maxLength: 20 },
    { name: 'operationType', labelKey: 'field.operationType', type: 'select', options: operationTypes },
    { name: 'vehicleTypeId', labelKey: 'field.vehicleTypeId', type: 'select', options: vehicleTypes },
    { name: 'cityId', labelKey: 'field.cityId', type: 'select', options: cityOptions },
    { name: 'batteryCount', labelKey: 'field.batteryCount', type: 'number', min: 1, max: 2, precision: 0 },
    { name: 'deposit', labelKey: 'field.deposit', type: 'money', helpKey: 'pricing.amountHelp' },
    { name: 'adminFee', labelKey: 'field.adminFee', type: 'money' },
    { name: 'pricePerCycle', labelKey: 'field.pricePerCycle', type: 'money' },
    { name: 'renewalPrice', labelKey: 'field.renewalPrice', type: 'money' },
    { name: 'dailyRenewalPrice', labelKey: 'field.dailyRenewalPrice', type: 'money' },
    { name: 'cycles', labelKey: 'field.cycles', type: 'number', min: 1, precision: 0 },
    { name: 'swapsPerCycle', labelKey: 'field.swapsPerCycle', type: 'number', min: 1, precision: 0 },
    { name: 'timeLimit', labelKey: 'field.timeLimit', type: 'number', min: 1, precision: 0, helpKey: 'pricing.timeLimitHelp' },
    { name: 'timeLimitUnit', labelKey: 'field.timeLimitUnit', type: 'select', options: optionsOf(DURATION_UNITS, 'price.durationUnit') },
    { name: 'startAt', labelKey: 'field.startAt', type: 'dateTime' },
    { name: 'endAt', labelKey: 'field.endAt', type: 'dateTime' },
    { name: 'saleMode', labelKey: 'field.saleMode', type: 'select', options: saleModes },
    { name: 'labels', labelKey: 'field.labels', type: 'select', multiple: true, options: optionsOf(PACKAGE_LABELS, 'price.label') },
    { name: 'agreement', labelKey: 'field.agreement', type: 'textarea', rows: 5, maxLength: 5000 },
  ];
  return (
    <ListPage
      titleKey="nav.price.product"
      add={{ code: `${CODE}.add`, labelKey: 'pricing.addProduct', onClick: () => setEditing('new') }}
      endpoints={productPackageApi}
      scrollX={1500}
      searchFields={[
        { name: 'name', labelKey: 'field.name' },
        { name: 'operationType', labelKey: 'field.operationType', type: 'select', options: operationTypes },
        { name: 'cityId', labelKey: 'field.cityId', type: 'select', options: cityOptions },
        { name: 'saleMode', labelKey: 'field.saleMode', type: 'select', options: saleModes },
        ...(owners
          ? [{ name: 'merchantId' as const, labelKey: 'field.merchantName', type: 'select' as const, source: owners.merchants }]
          : []),
      ]}
      columns={[
        { key: 'name', titleKey: 'field.name', sortable: true, width: 180, fixed: 'left' },
        ...(owners ? [{ key: 'merchantName', titleKey: 'field.merchantName', width: 160 }] : []),
        {
          key: 'operationType',
          titleKey: 'field.operationType',
          sortable: true,
          width: 140,
          render: (r) => t(`basePrice.operationType.${r.operationType}`),
        },
        { key: 'vehicleTypeName', titleKey: 'field.vehicleTypeName', width: 140 },
        { key: 'cityName', titleKey: 'field.cityName', width: 140 },
        { key: 'batteryCount', titleKey: 'field.batteryCount', width: 110, align: 'right' },
        { key: 'deposit', titleKey: 'field.deposit', width: 140, align: 'right', render: (r) => amount(r.deposit, r.currency) },
        {
          key: 'pricePerCycle',
          titleKey: 'field.pricePerCycle',
          sortable: true,
          width: 150,
          align: 'right',
          render: (r) => amount(r.pricePerCycle, r.currency),
        },
        {
          key: 'dailyRenewalPrice',
          titleKey: 'field.dailyRenewalPrice',
          width: 150,
          align: 'right',
          render: (r) => amount(r.dailyRenewalPrice, r.currency),
        },
        {
          key: 'timeLimit',
          titleKey: 'field.timeLimit',
          width: 110,
          render: (r) => `${r.timeLimit} ${t(`price.durationUnit.${r.timeLimitUnit}`)}`,
        },
        { key: 'saleMode', titleKey: 'field.saleMode', width: 130, render: (r) => t(`vehicle.saleMode.${r.saleMode}`) },
        {
          key: 'labels',
          titleKey: 'field.labels',
          width: 200,
          render: (r) => (
            <Space size={4} wrap>
              {r.labels.map((label) => (
                <Tag key={label}>{t(`price.label.${label}`)}</Tag>
              ))}
            </Space>
          ),
        },
        { key: 'startAt', titleKey: 'field.startAt', kind: 'datetime', sortable: true, width: 170 },
        { key: 'endAt', titleKey: 'field.endAt', kind: 'datetime', sortable: true, width: 170 },
      ]}
      rowActions={[
        editAction(CODE, setEditing),
        removeAction(CODE, productPackageApi.remove, { confirmKey: 'pricing.confirmRemoveProduct' }),
      ]}
    >
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? 'pricing.addProduct' : 'pricing.editProduct')}
        schema={(adding ? productPackageAdd : productPackageEdit) as typeof productPackageEdit}
        width={640}
        fields={fields}
        initialValues={editing && editing !== 'new' ? valuesOf(editing) : { batteryCount: 1, cycles: 1, timeLimitUnit: 'DAY', labels: [] }}
        extraValues={editing && editing !== 'new' ? { id: editing.id } : undefined}
        submit={adding ? productPackageApi.add : productPackageApi.edit}
        refresh={[productPackageApi.edit]}
        onClose={() => setEditing(null)}
      />
    </ListPage>
  );
}
