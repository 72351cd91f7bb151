import { useMemo, useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { AREA_TYPES, areaAdd, areaApi, areaEdit, ringProblem, type AreaRecord } from '@swap/contracts';
import { ResourceForm, type FormField } from '../../shared/form';
import { PolygonEditor, type MapPolygon } from '../../shared/map';
import { editAction, ListPage, removeAction } from '../../shared/table';
import { useProvinces } from './areaQueries';

const CODE = 'admin.area';
type Ring = [number, number][];

/**
 * System centre → Areas: provinces and their cities, each outlined on the map.
 * Platform staff write them; a merchant's account holding the menu reads them (docs/stations-and-maps.md).
 * @route /system/area/list
 */
export function AreaListPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AreaRecord | 'new' | null>(null);
  const [polygon, setPolygon] = useState<Ring | null>(null);
  const [type, setType] = useState<string | undefined>(undefined);
  const [provinceId, setProvinceId] = useState<number | undefined>(undefined);
  const provinces = useProvinces();
  const adding = editing === 'new';
  const types = AREA_TYPES.map((value) => ({ value, label: t(`area.type.${value}`) }));
  const provinceOptions = (provinces.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }));

  const open = (record: AreaRecord | 'new') => {
    setEditing(record);
    setPolygon(record === 'new' ? null : record.polygon);
    setType(record === 'new' ? undefined : record.type);
    setProvinceId(record === 'new' ? undefined : (record.provinceId ?? undefined));
  };

  const fields: FormField<'code' | 'name' | 'type' | 'provinceId'>[] = [
    { name: 'code', labelKey: 'field.code', maxLength: 20 },
    { name: 'name', labelKey: 'field.name', maxLength: 100 },
    { name: 'type', labelKey: 'field.type', type: 'select', options: types },
    ...(type === 'CITY'
      ? [{ name: 'provinceId' as const, labelKey: 'field.provinceId', type: 'select' as const, options: provinceOptions }]
      : []),
  ];
  const problem = polygon ? ringProblem(polygon) : null;
  const context = useContext(editing, type === 'CITY' ? provinceId : undefined);

  return (
    <ListPage
      titleKey="nav.admin.area"
      add={{ code: `${CODE}.add`, platformOnly: true, labelKey: 'area.add', onClick: () => open('new') }}
      endpoints={areaApi}
      scrollX={900}
      searchFields={[
        { name: 'code', labelKey: 'field.code' },
        { name: 'name', labelKey: 'field.name' },
        { name: 'type', labelKey: 'field.type', type: 'select', options: types },
        { name: 'provinceId', labelKey: 'field.provinceId', type: 'select', options: provinceOptions },
      ]}
      columns={[
        { key: 'code', titleKey: 'field.code', sortable: true, width: 140 },
        { key: 'name', titleKey: 'field.name', sortable: true, width: 200 },
        { key: 'type', titleKey: 'field.type', sortable: true, width: 120, render: (r) => t(`area.type.${r.type}`) },
        { key: 'province', titleKey: 'field.province', sortable: true, width: 180 },
        { key: 'city', titleKey: 'field.city', width: 180, render: (r) => r.city ?? '—' },
        {
          key: 'polygon',
          titleKey: 'field.polygon',
          width: 150,
          render: (r) => (r.polygon ? t('map.points', { count: r.polygon.length - 1 }) : t('area.noPolygon')),
        },
        { key: 'createdAt', titleKey: 'field.createdAt', kind: 'datetime', sortable: true, width: 190 },
      ]}
      rowActions={[
        editAction(CODE, open, { platformOnly: true }),
        removeAction(CODE, areaApi.remove, { platformOnly: true, confirmKey: 'area.confirmRemove' }),
      ]}
    >
      <ResourceForm
        open={editing !== null}
        mode={adding ? 'add' : 'edit'}
        title={t(adding ? 'area.add' : 'area.editTitle')}
        schema={(adding ? areaAdd : areaEdit) as typeof areaEdit}
        width={720}
        fields={fields}
        initialValues={editing && editing !== 'new' ? { ...editing, polygon: undefined } : {}}
        extraValues={{
          ...(editing && editing !== 'new' ? { id: editing.id } : {}),
          polygon,
          ...(type === 'CITY' ? {} : { provinceId: null }),
        }}
        onValuesChange={(changed) => {
          if ('type' in changed) setType(changed.type as string | undefined);
          if ('provinceId' in changed) setProvinceId(changed.provinceId as number | undefined);
        }}
        submit={adding ? areaApi.add : areaApi.edit}
        refresh={[areaApi.edit]}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          label={t('field.polygon')}
          validateStatus={problem ? 'error' : undefined}
          help={problem ? t(problem, { field: t('field.polygon') }) : undefined}
        >
          {editing !== null && (
            <PolygonEditor
              label={t('area.map')}
              height={360}
              value={polygon}
              onChange={setPolygon}
              context={context}
              fitTo={context.length ? { polygons: context } : undefined}
            />
          )}
        </Form.Item>
      </ResourceForm>
    </ListPage>
  );
}

/** The outline shown under the one edited: a city's province. */
function useContext(editing: AreaRecord | 'new' | null, provinceId: number | undefined): MapPolygon[] {
  const { t } = useTranslation();
  const provinces = useProvinces();
  const province = editing !== null && provinceId !== undefined ? provinces.data?.find((p) => p.id === provinceId) : undefined;
  return useMemo(
    () =>
      province?.polygon
        ? [{ id: province.id, ring: province.polygon, label: t('area.provinceOutline', { name: province.name }), color: '#8c8c8c' }]
        : [],
    [province, t],
  );
}
