import { Flex } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VehicleRecord } from '@swap/contracts';
import { DetailCards, DetailFrame, type DetailGroup } from '../../shared/detail';
import { DeviceCredentialCard, deviceDetailActions } from '../device-registry';
import { fieldKey, SCRAP_MAP, STOCK_MAP, VEHICLE_STATISTICS_CODE } from '../../shared/devices';
import { TrajectoryButton, VehicleStatisticsButton } from '../telemetry';
import { ACC_MAP, ACTIVATION_MAP, AVAILABILITY_MAP, SALE_MAP, SALE_MODE_MAP } from './vehicleModel';
import { useVehicleDetail } from './useVehicleDetail';
import { VehicleBatteries } from './VehicleBatteries';
import { VehicleSaleButton } from './VehicleSaleButton';
import { DeviceLogCard } from '../device-log';

const device = deviceDetailActions<VehicleRecord>('vehicle', () => import('./vehicleForm').then((m) => m.VEHICLE_FORM));

function groups(t: (key: string) => string): DetailGroup<VehicleRecord>[] {
  return [
    {
      titleKey: 'deviceRegistry.group.identity',
      items: [
        { field: 'number' },
        { field: 'name' },
        { field: 'typeName' },
        { field: 'brand' },
        { field: 'model' },
        { field: 'vin' },
        { field: 'motorNumber' },
        { field: 'engineNumber' },
        { field: 'merchantName', render: (r) => r.merchantName ?? t('deviceRegistry.platformStock') },
        { field: 'dealer' },
        { field: 'createdAt' },
      ],
    },
    {
      titleKey: 'deviceRegistry.group.specification',
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
      titleKey: 'deviceRegistry.group.state',
      live: true,
      items: [{ field: 'accState', map: ACC_MAP }, { field: 'fault' }, { field: 'updatedAt' }],
    },
    {
      titleKey: 'deviceRegistry.group.stock',
      items: [
        { field: 'stockStatus', map: STOCK_MAP },
        { field: 'scrapStatus', map: SCRAP_MAP },
        { field: 'scrapReason' },
        { field: 'scrappedAt' },
      ],
    },
    {
      titleKey: 'deviceRegistry.group.location',
      live: true,
      items: [{ field: 'location', span: 2 }, { field: 'latitude' }, { field: 'longitude' }],
    },
  ];
}

/**
 * Vehicle detail: every field, its batteries, edit and scrap.
 * @route /product/vehicle/detail/:id
 */
export function VehicleDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = useVehicleDetail(id);

  return (
    <DetailFrame
      detail={detail}
      title={(vehicle) => t('vehicle.detailTitle', { number: vehicle.number })}
      pageTitleKey="page.vehicleDetail"
      back="/product/vehicle/list"
      loadFailedKey="vehicle.loadFailed"
      actions={[
        { key: 'trajectory', render: (vehicle) => <TrajectoryButton kind="vehicle" id={String(vehicle.id)} /> },
        { key: 'statistics', code: VEHICLE_STATISTICS_CODE, render: (vehicle) => <VehicleStatisticsButton id={vehicle.id} /> },
        device.edit,
        { key: 'sale', code: device.code, when: device.active, render: (vehicle) => <VehicleSaleButton vehicle={vehicle} /> },
        device.scrap,
      ]}
      drawers={device.drawers}
    >
      {(vehicle) => (
        <Flex vertical gap={16}>
          <VehicleBatteries vehicle={vehicle} />
          <DetailCards record={vehicle} groups={groups(t)} fieldLabel={fieldKey} />
          <DeviceCredentialCard kind="vehicle" device={vehicle} />
          <DeviceLogCard kind="vehicle" device={vehicle} />
        </Flex>
      )}
    </DetailFrame>
  );
}
