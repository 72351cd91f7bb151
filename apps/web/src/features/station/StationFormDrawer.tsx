import { useMemo, useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { stationAdd, stationEdit, type StationRecord } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { ResourceForm, type FormField } from '../../shared/form';
import { MapView, type MapMarker } from '../../shared/map';
import type { OptionSource } from '../../shared/table/types';
import { natureOptions, statusOptions, type StationView } from './stationModel';
import { areaOptions, useStationAreas } from './stationQueries';

type Name = 'name' | 'nature' | 'status' | 'address' | 'latitude' | 'longitude' | 'responsiblePerson' | 'merchantId' | 'areaId';
type Position = { lat: number; lng: number } | null;

const JAKARTA: [number, number] = [-6.2, 106.82];
const round = (value: number) => Number(value.toFixed(6));

/** The station's values in the form (absent stays empty). */
function valuesOf(record: StationRecord) {
  const { name, nature, status, address, responsiblePerson } = record;
  return {
    name,
    nature,
    status,
    address,
    responsiblePerson,
    ...(record.latitude !== null ? { latitude: record.latitude } : {}),
    ...(record.longitude !== null ? { longitude: record.longitude } : {}),
    ...(record.areaId !== null ? { areaId: record.areaId } : {}),
  };
}

export interface StationFormDrawerProps {
  view: StationView;
  /** 'new' adds a station; an id edits it. */
  editing: 'new' | number;
  /** Owners platform staff choose from; null for merchant staff (their own merchant). */
  owners: OptionSource | null;
  onClose: () => void;
}

/**
 * Add or edit a station: its fields, and its position typed or picked by a click on the map
 * (docs/stations-and-maps.md, "Stations").
 */
export default function StationFormDrawer({ view, editing, owners, onClose }: StationFormDrawerProps) {
  const { t } = useTranslation();
  const adding = editing === 'new';
  const [form] = Form.useForm<Record<string, unknown>>();
  const detail = useEndpointQuery(view.api.detail, { id: adding ? 0 : editing }, { enabled: !adding });
  const areas = useStationAreas(view.type);
  const [position, setPosition] = useState<Position>(null);
  const [seeded, setSeeded] = useState(false);
  const record = detail.data;
  if (record && !seeded) {
    setSeeded(true);
    if (record.latitude !== null && record.longitude !== null) setPosition({ lat: record.latitude, lng: record.longitude });
  }

  const fields: FormField<Name>[] = [
    { name: 'name', labelKey: 'field.name', maxLength: 100 },
    { name: 'nature', labelKey: 'field.nature', type: 'select', options: natureOptions },
    { name: 'status', labelKey: 'field.status', type: 'select', options: statusOptions },
    { name: 'address', labelKey: 'field.address', maxLength: 200 },
    { name: 'responsiblePerson', labelKey: 'field.responsiblePerson', maxLength: 60 },
    ...(owners
      ? [
          {
            name: 'merchantId' as const,
            labelKey: 'field.merchantName',
            type: 'select' as const,
            source: owners,
            modes: ['add' as const],
            helpKey: 'station.ownerHelp',
          },
        ]
      : []),
    { name: 'latitude', labelKey: 'field.latitude', type: 'number', min: -90, max: 90, precision: 6, helpKey: 'station.positionHelp' },
    { name: 'longitude', labelKey: 'field.longitude', type: 'number', min: -180, max: 180, precision: 6 },
    { name: 'areaId', labelKey: 'field.areaId', type: 'select', options: areaOptions(areas.data), helpKey: 'station.areaHelp' },
  ];
  const markers = useMemo<MapMarker[]>(
    () => (position ? [{ id: 'station', lat: position.lat, lng: position.lng, label: t('station.position') }] : []),
    [position, t],
  );
  // The view follows the record once loaded, not every click.
  const fitTo = useMemo(() => (record?.latitude != null ? { markers } : undefined), [record]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!adding && !record) return null;
  return (
    <ResourceForm
      open
      form={form}
      mode={adding ? 'add' : 'edit'}
      title={t(adding ? view.addTitleKey : view.editTitleKey)}
      schema={(adding ? stationAdd : stationEdit) as typeof stationEdit}
      width={720}
      fields={fields}
      initialValues={record ? valuesOf(record) : { nature: 'SELF_OPERATED', status: 'READY' }}
      extraValues={record ? { id: record.id } : {}}
      onValuesChange={(_, all) => {
        const lat = all.latitude;
        const lng = all.longitude;
        setPosition(typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null);
      }}
      submit={adding ? view.api.add : view.api.edit}
      refresh={[view.api.edit]}
      onClose={onClose}
    >
      <Form.Item label={t('station.pickOnMap')}>
        <MapView
          label={t('station.pickMap')}
          height={320}
          center={position ? [position.lat, position.lng] : JAKARTA}
          zoom={position ? 14 : 10}
          markers={markers}
          fitTo={fitTo}
          onMapClick={({ lat, lng }) => {
            const picked = { lat: round(lat), lng: round(lng) };
            form.setFieldsValue({ latitude: picked.lat, longitude: picked.lng });
            void form.validateFields(['latitude', 'longitude']);
            setPosition(picked);
          }}
        />
      </Form.Item>
    </ResourceForm>
  );
}
