import { useState } from 'react';
import { Button, Flex } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { vehicleApi, type VehicleRecord } from '@swap/contracts';
import { useEndpointQuery } from '../../shared/api/endpoints';
import { isServerFailure } from '../../shared/api/errors';
import { Can } from '../../shared/Can';
import { TitleBar } from '../../shared/TitleBar';
import { DetailCards, DetailState, type DetailGroup } from '../device/DetailCards';
import { DeviceCredentialCard } from '../device/DeviceCredentialCard';
import { DeviceFormDrawer } from '../device/DeviceFormDrawer';
import { deviceCodes, SCRAP_MAP, STOCK_MAP } from '../device/deviceModel';
import { ScrapForm } from '../device/ScrapForm';
import { TrajectoryButton } from '../trajectory/TrajectoryButton';
import { ACC_MAP, ACTIVATION_MAP, AVAILABILITY_MAP, SALE_MAP, SALE_MODE_MAP, VEHICLE_FORM } from './vehicleModel';
import { VehicleBatteries } from './VehicleBatteries';
import { VehicleSaleButton } from './VehicleSaleButton';

const codes = deviceCodes('vehicle');

function groups(t: (key: string) => string): DetailGroup<VehicleRecord>[] {
  return [
    {
      titleKey: 'device.group.identity',
      items: [
        { field: 'number' },
        { field: 'name' },
        { field: 'typeName' },
        { field: 'brand' },
        { field: 'model' },
        { field: 'vin' },
        { field: 'motorNumber' },
        { field: 'engineNumber' },
        { field: 'merchantName', render: (r) => r.merchantName ?? t('device.platformStock') },
        { field: 'dealer' },
        { field: 'createdAt' },
      ],
    },
    {
      titleKey: 'device.group.specification',
      items: [{ field: 'compartmentType' }, { field: 'batteryCompartments' }, { field: 'rateCapacity' }, { field: 'rateVoltage' }],
    },
    {
      titleKey: 'vehicle.commerce',
      items: [
        { field: 'saleStatus', map: SALE_MAP },
        { field: 'saleMode', map: SALE_MODE_MAP },
        { field: 'availability', map: AVAILABILITY_MAP },
        { field: 'activationStatus', map: ACTIVATION_MAP },
        { field: 'boundUserId' },
      ],
    },
    {
      titleKey: 'device.group.state',
      live: true,
      items: [{ field: 'accState', map: ACC_MAP }, { field: 'fault' }, { field: 'updatedAt' }],
    },
    {
      titleKey: 'device.group.stock',
      items: [
        { field: 'stockStatus', map: STOCK_MAP },
        { field: 'scrapStatus', map: SCRAP_MAP },
        { field: 'scrapReason' },
        { field: 'scrappedAt' },
      ],
    },
    {
      titleKey: 'device.group.location',
      live: true,
      items: [{ field: 'location', span: 2 }, { field: 'latitude' }, { field: 'longitude' }],
    },
  ];
}

/** Vehicle detail (/product/vehicle/detail/:id): every field, its batteries, edit and scrap. */
export function VehicleDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [editing, setEditing] = useState(false);
  const [scrapping, setScrapping] = useState(false);
  const query = useEndpointQuery(vehicleApi.detail, { id });
  const vehicle = query.data;
  if (query.isError && isServerFailure(query.error)) return <Navigate to="/error-page/500" replace />;
  const refresh = () => void query.refetch();

  return (
    <>
      <TitleBar
        title={vehicle ? t('vehicle.detailTitle', { number: vehicle.number }) : t('page.vehicleDetail')}
        back="/product/vehicle/list"
        operate={
          <>
            <TrajectoryButton kind="vehicle" id={id} />
            {vehicle?.scrapStatus === 'NORMAL' ? (
              <Can code={codes.edit}>
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  {t('common.edit')}
                </Button>
                <VehicleSaleButton vehicle={vehicle} onChanged={refresh} />
                <Button danger icon={<DeleteOutlined />} onClick={() => setScrapping(true)}>
                  {t('device.scrap')}
                </Button>
              </Can>
            ) : null}
          </>
        }
      />
      {!vehicle ? (
        <DetailState failed={query.isError} titleKey="vehicle.loadFailed" onRetry={refresh} />
      ) : (
        <Flex vertical gap={16}>
          <VehicleBatteries vehicle={vehicle} onChanged={refresh} />
          <DetailCards record={vehicle} groups={groups(t)} />
          <DeviceCredentialCard kind="vehicle" device={vehicle} />
        </Flex>
      )}
      <DeviceFormDrawer<VehicleRecord>
        kind="vehicle"
        editing={editing && vehicle ? vehicle : null}
        {...VEHICLE_FORM}
        onClose={() => setEditing(false)}
        onSaved={refresh}
      />
      <ScrapForm kind="vehicle" device={scrapping && vehicle ? vehicle : null} onClose={() => setScrapping(false)} onSaved={refresh} />
    </>
  );
}
