import { useMemo } from 'react';
import { Button, Card, Flex } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StationRecord, StationType } from '@swap/contracts';
import { DetailCards, DetailFrame, useDetail, type DetailGroup } from '../../shared/detail';
import { fieldKey } from '../../shared/devices';
import { MapView, type MapPolygon } from '../../shared/map';
import { StationCabinets } from './StationCabinets';
import { STATUS_MAP, stationView } from './stationModel';
import { useStationAreas } from './stationQueries';

function groups(t: (key: string) => string): DetailGroup<StationRecord>[] {
  return [
    {
      titleKey: 'station.group.station',
      items: [
        { field: 'name' },
        { field: 'type', render: (r) => t(`station.type.${r.type}`) },
        { field: 'nature', render: (r) => t(`station.nature.${r.nature}`) },
        { field: 'status', map: STATUS_MAP },
        { field: 'merchantName', render: (r) => r.merchantName ?? t('station.platformOwn') },
        { field: 'responsiblePerson' },
        { field: 'cabinetCount' },
        { field: 'createdAt' },
      ],
    },
    {
      titleKey: 'station.group.place',
      items: [
        { field: 'address', span: 2 },
        { field: 'areaName', render: (r) => r.areaName ?? t('station.noArea') },
        { field: 'latitude' },
        { field: 'longitude' },
      ],
    },
  ];
}

/** The station on the map, inside its area's outline. */
function StationPlace({ station }: { station: StationRecord }) {
  const { t } = useTranslation();
  const areas = useStationAreas(station.type);
  const { latitude, longitude } = station;
  const markers = useMemo(
    () => (latitude !== null && longitude !== null ? [{ id: station.id, lat: latitude, lng: longitude, label: station.name }] : []),
    [station.id, station.name, latitude, longitude],
  );
  const polygons = useMemo<MapPolygon[]>(() => {
    const area = areas.data?.find((a) => a.id === station.areaId);
    return area?.polygon ? [{ id: area.id, ring: area.polygon, label: area.name }] : [];
  }, [areas.data, station.areaId]);
  return (
    <Card title={t('station.place')}>
      <MapView
        label={t('station.placeMap', { name: station.name })}
        height={300}
        markers={markers}
        polygons={polygons}
        center={latitude !== null && longitude !== null ? [latitude, longitude] : undefined}
        zoom={14}
      />
    </Card>
  );
}

/** A station's detail: its fields, its place on the map and the cabinets standing in it. */
export function StationDetailPage({ type }: { type: StationType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const view = stationView(type);
  const detail = useDetail(view.api.detail, id);
  return (
    <DetailFrame
      detail={detail}
      title={(station) => station.name}
      pageTitleKey={view.detailTitleKey}
      back={view.listPath}
      loadFailedKey="station.loadFailed"
      actions={[
        {
          key: 'edit',
          code: `${view.code}.edit`,
          render: (station) => (
            <Button icon={<EditOutlined />} onClick={() => navigate(view.editPath(station.id))}>
              {t('common.edit')}
            </Button>
          ),
        },
      ]}
    >
      {(station) => (
        <Flex vertical gap={16}>
          <DetailCards record={station} groups={groups(t)} fieldLabel={fieldKey} />
          <StationPlace station={station} />
          <StationCabinets stationId={station.id} />
        </Flex>
      )}
    </DetailFrame>
  );
}

/**
 * @route /site/store-detail/:id
 */
export const IntegratedStationDetailPage = () => <StationDetailPage type="INTEGRATED" />;
/**
 * @route /site/cabinet-detail/:id
 */
export const SwapStationDetailPage = () => <StationDetailPage type="SWAP" />;
