import { lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { areaOptionsEndpoint, type DeviceKind, type FilterOf, type SortColumnOf } from '@swap/contracts';
import { endpointSource } from '../../shared/api/optionSources';
import {
  ResourceTable,
  type BatchAction,
  type ResourceColumn,
  type RowAction,
  type SearchField,
  type SearchOption,
} from '../../shared/table';
import type { OptionSource } from '../../shared/table/types';
import { TitleBar } from '../../shared/TitleBar';
import type { DeviceFormDrawerProps } from './DeviceFormDrawer';
import {
  DEVICE_APIS,
  deviceCodes,
  deviceDetailPath,
  DISTRIBUTION_MAP,
  fieldKey,
  SCRAP_MAP,
  STOCK_MAP,
  type DeviceApi,
} from '../../shared/devices';
import { RegisterButtons } from './RegisterButtons';
import { useOwnerOptions, useTypeOptions } from './useDeviceOptions';

/** What every device kind's list shows around its own columns. */
// The forms load the first time one opens: a list shows no form until asked.
const LazyDeviceFormDrawer = lazy(async () => ({ default: (await import('./DeviceFormDrawer')).DeviceFormDrawer }));
const ScrapForm = lazy(async () => ({ default: (await import('./ScrapForm')).ScrapForm }));

export interface DeviceRow {
  id: number;
  number: string;
  typeName: string;
  brand: string | null;
  model: string | null;
  stockStatus: string;
  scrapStatus: string;
  distributionStatus: string;
  merchantName: string | null;
  createdAt: string;
}

export interface DeviceListPageProps<R extends DeviceRow> {
  kind: DeviceKind;
  scrollX: number;
  searchFields: (types: SearchOption[], owners: OptionSource | null) => SearchField<FilterOf<DeviceApi['search']>>[];
  /** The kind's own columns, shown after number, type, brand and model. */
  kindColumns: ResourceColumn<R, SortColumnOf<DeviceApi['search']>>[];
  /** Columns after the stock, scrap and owner columns (e.g. last report). */
  trailingColumns?: ResourceColumn<R, SortColumnOf<DeviceApi['search']>>[];
  form: Omit<DeviceFormDrawerProps<R>, 'kind' | 'editing' | 'onClose'>;
  /** The kind's actions on the selected rows (e.g. marking vehicles sold). */
  batchActions?: BatchAction<R>[];
  /** The kind's own row actions, after View (a vehicle's statistics). */
  rowActions?: RowAction<R>[];
  /** The kind's own buttons on the list's toolbar (a cabinet list's command to many cabinets). */
  toolbar?: ReactNode;
}

/**
 * Product centre → a device kind's list (/product/<kind>/list): search, register (one or a batch),
 * edit, scrap and export. The three kinds differ only in their columns, filters and form.
 */
export function DeviceListPage<R extends DeviceRow>({
  kind,
  scrollX,
  searchFields,
  kindColumns,
  trailingColumns = [],
  form,
  batchActions,
  rowActions = [],
  toolbar,
}: DeviceListPageProps<R>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useTypeOptions(kind);
  const owners = useOwnerOptions();
  // The area the devices' stations lie in (docs/stations-and-maps.md, "Devices by area"), searched on the server.
  const areas = useMemo(
    () =>
      endpointSource(areaOptionsEndpoint, (area) => ({
        value: area.id,
        label: area.province ? `${area.province} · ${area.name}` : area.name,
      })),
    [],
  );
  const [editing, setEditingState] = useState<R | 'new' | null>(null);
  const [scrapping, setScrappingState] = useState<R | null>(null);
  // A form stays mounted once opened, so it closes with its animation.
  const [used, setUsed] = useState({ form: false, scrap: false });
  const setEditing = (value: R | 'new' | null) => {
    if (value !== null) setUsed((u) => ({ ...u, form: true }));
    setEditingState(value);
  };
  const setScrapping = (value: R | null) => {
    if (value !== null) setUsed((u) => ({ ...u, scrap: true }));
    setScrappingState(value);
  };
  // The lazy form of this page's record type.
  const DeviceFormDrawer = LazyDeviceFormDrawer as ComponentType<DeviceFormDrawerProps<R>>;
  const api = DEVICE_APIS[kind];
  const codes = deviceCodes(kind);
  const isScrapped = (r: R) => r.scrapStatus === 'SCRAPPED';

  return (
    <>
      <TitleBar title={t(`nav.operation.${kind}`)} operate={<RegisterButtons kind={kind} onAdd={() => setEditing('new')} />} />
      <ResourceTable<R, typeof api.search>
        endpoints={{ search: api.search, export: api.export }}
        rowKey={(r) => r.id}
        scrollX={scrollX}
        batchActions={batchActions}
        toolbar={toolbar}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        searchFields={[
          ...searchFields(types, owners?.filter ?? null),
          { name: 'areaId', labelKey: fieldKey('areaId'), type: 'select', source: areas },
        ]}
        columns={[
          {
            key: 'number',
            titleKey: fieldKey('number'),
            sortable: true,
            fixed: 'left',
            width: 180,
            render: (r) => <Link to={deviceDetailPath(kind, r.id)}>{r.number}</Link>,
          },
          { key: 'typeName', titleKey: fieldKey('typeId'), width: 150 },
          { key: 'brand', titleKey: fieldKey('brand') },
          { key: 'model', titleKey: fieldKey('model') },
          ...kindColumns,
          { key: 'stockStatus', titleKey: fieldKey('stockStatus'), kind: 'status', statusMap: STOCK_MAP },
          { key: 'scrapStatus', titleKey: fieldKey('scrapStatus'), kind: 'status', statusMap: SCRAP_MAP },
          { key: 'distributionStatus', titleKey: fieldKey('distributionStatus'), kind: 'status', statusMap: DISTRIBUTION_MAP },
          { key: 'merchantName', titleKey: fieldKey('merchantName'), render: (r) => r.merchantName ?? t('deviceRegistry.platformStock') },
          ...trailingColumns,
          { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[
          { key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(deviceDetailPath(kind, r.id)) },
          ...rowActions,
          { key: 'edit', labelKey: 'common.edit', code: codes.edit, hidden: isScrapped, onClick: (r) => setEditing(r) },
          {
            key: 'scrap',
            labelKey: 'deviceRegistry.scrap',
            code: codes.edit,
            danger: true,
            confirmKey: false,
            hidden: isScrapped,
            onClick: (r) => setScrapping(r),
          },
        ]}
      />
      <Suspense fallback={null}>
        {used.form ? <DeviceFormDrawer {...form} kind={kind} editing={editing} onClose={() => setEditing(null)} /> : null}
        {used.scrap ? <ScrapForm kind={kind} device={scrapping} onClose={() => setScrapping(null)} /> : null}
      </Suspense>
    </>
  );
}
