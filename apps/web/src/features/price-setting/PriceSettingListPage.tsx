import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BILLING_MODES,
  MARKETING_TYPES,
  priceSettingApi,
  type Currency,
  type FilterOf,
  type PriceSettingKind,
  type SortColumnOf,
} from '@swap/contracts';
import { Can } from '../../shared/Can';
import { fieldKey, optionsOf } from '../../shared/devices';
import { ResourceForm, type FormField } from '../../shared/form';
import { editAction, removeAction, ResourceTable, type ResourceColumn, type SearchField, type SearchOption } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { useOwnerOptions, useTypeOptions } from '../device-registry';
import { useCityOptions } from '../../shared/priceCities';
import { useAmount } from '../../shared/amount';

type Api = (typeof priceSettingApi)[PriceSettingKind];
type Filter = FilterOf<Api['search']>;
type Sortable = SortColumnOf<Api['search']>;
type Row = { id: number; merchantName: string | null; currency: Currency } & Record<string, unknown>;
type Field = FormField & { search?: boolean; sortable?: boolean };

const KINDS: Record<string, PriceSettingKind> = {
  '/basic-pricing/battery-price': 'battery',
  '/basic-pricing/consumer-price': 'consumer',
  '/basic-pricing/package-price': 'package',
  '/basic-pricing/recharge-setting': 'rechargeSetting',
};
const days = (name: string): Field => ({ name, labelKey: fieldKey(name), type: 'number', min: 1, max: 365, precision: 0, sortable: true });
const money = (name: string, sortable = true): Field => ({ name, labelKey: fieldKey(name), type: 'money', sortable });

/** Each kind's own fields, in the form's and the list's order (docs/operation-centre.md, "Price settings"). */
function kindFields(kind: PriceSettingKind, batteryTypes: SearchOption[]): Field[] {
  switch (kind) {
    case 'battery':
      return [
        { name: 'batteryTypeId', labelKey: fieldKey('batteryTypeId'), type: 'select', options: batteryTypes, search: true },
        money('deposit'),
        money('rentPerCycle'),
        days('cycleDays'),
      ];
    case 'consumer':
      return [
        {
          name: 'billingMode',
          labelKey: fieldKey('billingMode'),
          type: 'select',
          options: optionsOf(BILLING_MODES, 'consumerPrice.billingMode'),
          search: true,
        },
        money('unitPrice'),
      ];
    case 'package':
      return [
        { name: 'name', labelKey: fieldKey('name'), maxLength: 20, search: true, sortable: true },
        { name: 'swaps', labelKey: fieldKey('swaps'), type: 'number', min: 1, precision: 0, sortable: true },
        money('price'),
        days('validityDays'),
      ];
    case 'rechargeSetting':
      return [
        money('paidAmount'),
        money('giftAmount'),
        {
          name: 'marketingType',
          labelKey: fieldKey('marketingType'),
          type: 'select',
          options: optionsOf(MARKETING_TYPES, 'topUp.marketingType'),
          search: true,
        },
      ];
  }
}

/** What the form edits of a setting: the fields its schema takes. */
const valuesOf = (api: Api, record: Row) =>
  Object.fromEntries(Object.keys(api.add.body.shape).flatMap((name) => (record[name] == null ? [] : [[name, record[name]]])));

/**
 * Operation centre → Pricing → Battery, consumer and package prices and top-up offers: an agent's
 * settings per city, enabled or not (docs/operation-centre.md, "Price settings").
 * @route /basic-pricing/battery-price
 * @route /basic-pricing/consumer-price
 * @route /basic-pricing/package-price
 * @route /basic-pricing/recharge-setting
 */
export function PriceSettingListPage() {
  const { t } = useTranslation();
  const kind = KINDS[useLocation().pathname] ?? 'battery';
  const api: Api = priceSettingApi[kind];
  const code = `price.${kind}`;
  const amount = useAmount();
  const owners = useOwnerOptions();
  // Only the battery prices name a battery type: the other screens never ask for the types.
  const batteryTypes = useTypeOptions('battery', kind === 'battery');
  const cities = useCityOptions();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const adding = editing === 'new';
  const own = kindFields(kind, batteryTypes);
  const yesNo: SearchOption[] = [
    { value: true, labelKey: 'common.yes' },
    { value: false, labelKey: 'common.no' },
  ];

  const fields: FormField[] = [
    { name: 'merchantId', labelKey: fieldKey('merchantName'), type: 'agent', modes: ['add'] },
    { name: 'cityId', labelKey: fieldKey('cityId'), type: 'select', options: cities },
    ...own.map(({ search: _search, sortable: _sortable, ...field }) => field),
    { name: 'enabled', labelKey: fieldKey('enabled'), type: 'switch' },
  ];
  const searchFields = [
    ...(owners ? [{ name: 'merchantId', labelKey: fieldKey('merchantName'), type: 'select' as const, source: owners.merchants }] : []),
    { name: 'cityId', labelKey: fieldKey('cityId'), type: 'select', options: cities },
    ...own
      .filter((field) => field.search)
      .map((field) => ({
        name: field.name,
        labelKey: field.labelKey,
        type: field.options ? ('select' as const) : ('text' as const),
        options: field.options,
      })),
    { name: 'enabled', labelKey: fieldKey('enabled'), type: 'select', options: yesNo },
  ];
  const columns = [
    ...(owners ? [{ key: 'merchantName', titleKey: fieldKey('merchantName'), width: 160 }] : []),
    { key: 'cityName', titleKey: fieldKey('cityName'), width: 160 },
    ...own.map((field): ResourceColumn<Row> => {
      const name = field.name === 'batteryTypeId' ? 'batteryTypeName' : field.name;
      const base = { key: name, titleKey: field.labelKey, width: 150, sortable: field.sortable };
      if (field.type === 'money') return { ...base, align: 'right', render: (r) => amount(String(r[name]), r.currency) };
      if (field.type === 'number') return { ...base, kind: 'number' };
      if (field.options && field.name !== 'batteryTypeId') {
        const option = (r: Row) => field.options?.find((o) => o.value === r[name]);
        return { ...base, render: (r) => t(option(r)?.labelKey ?? String(r[name])) };
      }
      return base;
    }),
    { key: 'enabled', titleKey: fieldKey('enabled'), kind: 'boolean', width: 110 },
    { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
  ];
  return (
    <>
      <TitleBar
        title={t(`nav.price.${kind}`)}
        operate={
          <Can code={`${code}.add`}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t(`priceSetting.add.${kind}`)}
            </Button>
          </Can>
        }
      />
      <ResourceTable<Row, Api['search']>
        key={kind}
        endpoints={{ search: api.search, export: api.export }}
        rowKey="id"
        scrollX={1200}
        searchFields={searchFields as SearchField<Filter>[]}
        columns={columns as ResourceColumn<Row, Sortable>[]}
        rowActions={[editAction(code, setEditing), removeAction(code, api.remove, { confirmKey: 'priceSetting.confirmRemove' })]}
      />
      <ResourceForm
        key={kind}
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(`priceSetting.${adding ? 'add' : 'edit'}.${kind}`)}
        schema={(adding ? api.add.body : api.edit.body) as typeof priceSettingApi.battery.edit.body}
        width={560}
        fields={fields}
        initialValues={editing && editing !== 'new' ? valuesOf(api, editing) : { enabled: true }}
        extraValues={editing && editing !== 'new' ? { id: editing.id } : undefined}
        submit={adding ? api.add : api.edit}
        refresh={[api.edit]}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
