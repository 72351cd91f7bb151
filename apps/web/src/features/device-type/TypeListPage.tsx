import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deviceTypeApi, type DeviceKind, type SortColumnOf } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { ResourceForm, type FormField } from '../../shared/form';
import { ResourceTable, type ResourceColumn } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { typeCodes, TYPE_KINDS } from './deviceTypeModel';
import { typeChanges } from './deviceTypeQueries';

type TypeRow = Record<string, unknown> & { id: number; code: string; name: string; inUse: boolean };

const BASE_FIELDS: FormField[] = [
  { name: 'code', labelKey: 'deviceType.code', maxLength: 20, readOnlyIn: ['edit'] },
  { name: 'name', labelKey: 'deviceType.name', maxLength: 20 },
  { name: 'description', labelKey: 'deviceType.description', type: 'textarea', maxLength: 500, rows: 3 },
];

/** Vehicle, battery or cabinet types (/product/<kind>-type/list): one screen, parameterised by kind. */
export function TypeListPage({ kind }: { kind: DeviceKind }) {
  const { t } = useTranslation();
  const def = TYPE_KINDS[kind];
  const api = deviceTypeApi[kind];
  const codes = typeCodes(kind);
  const changes = typeChanges(kind);
  const [editing, setEditing] = useState<TypeRow | 'new' | null>(null);
  const record = editing !== null && editing !== 'new' ? editing : null;

  const columns: ResourceColumn<TypeRow, SortColumnOf<typeof api.search>>[] = [
    { key: 'code', titleKey: 'deviceType.code', sortable: true, width: 140 },
    { key: 'name', titleKey: 'deviceType.name', sortable: true, width: 160 },
    { key: 'description', titleKey: 'deviceType.description', ellipsis: true, width: 240 },
    ...(def.specColumns as ResourceColumn<TypeRow, never>[]),
    { key: 'inUse', titleKey: 'field.inUse', kind: 'boolean', width: 100 },
    { key: 'createdAt', titleKey: 'field.createdAt', kind: 'datetime', sortable: true, width: 180 },
  ];

  return (
    <>
      <TitleBar
        title={t(def.titleKey)}
        operate={
          <Can code={codes.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('deviceType.add')}
            </Button>
          </Can>
        }
      />
      <ResourceTable<TypeRow, typeof api.search>
        endpoints={{ search: api.search, export: api.export }}
        rowKey="id"
        scrollX="max-content"
        searchFields={def.searchFields}
        columns={columns}
        rowActions={[
          { key: 'edit', labelKey: 'common.edit', code: codes.edit, onClick: (r) => setEditing(r) },
          {
            key: 'remove',
            labelKey: 'common.remove',
            code: codes.remove,
            danger: true,
            confirmKey: 'deviceType.confirmRemove',
            // The server refuses a type in use with "typeInUse"; the client shows that message.
            onClick: (r) => changes.remove(r.id),
            successKey: 'common.removed',
          },
        ]}
      />
      <ResourceForm
        open={editing !== null}
        mode={record ? 'edit' : 'add'}
        title={t(record ? 'deviceType.editTitle' : 'deviceType.addTitle', { name: record?.name ?? '' })}
        schema={record ? def.editSchema : def.addSchema}
        fields={[...BASE_FIELDS, ...def.specFields]}
        initialValues={record ?? (kind === 'vehicle' ? { batteryCompartments: 1 } : undefined)}
        extraValues={record ? { id: record.id } : undefined}
        submit={record ? changes.edit : changes.add}
        refresh={[api.edit]}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

/**
 * @route /product/vehicle-type/list
 */
export function VehicleTypeListPage() {
  return <TypeListPage kind="vehicle" />;
}

/**
 * @route /product/battery-type/list
 */
export function BatteryTypeListPage() {
  return <TypeListPage kind="battery" />;
}

/**
 * @route /product/cabinet-type/list
 */
export function CabinetTypeListPage() {
  return <TypeListPage kind="cabinet" />;
}
