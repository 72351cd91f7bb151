import { Flex } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VehicleRecord } from '@swap/contracts';
import { DetailCards, DetailFrame, lazyDrawer, type DetailGroup } from '../../shared/detail';
import { DeviceCredentialCard } from '../device-registry/DeviceCredentialCard';
import type { DeviceFormDrawerProps } from '../device-registry/DeviceFormDrawer';
import { deviceCodes, fieldKey, SCRAP_MAP, STOCK_MAP } from '../device-registry/deviceModel';
import { TrajectoryButton } from '../telemetry/TrajectoryButton';
import { ACC_MAP, ACTIVATION_MAP, AVAILABILITY_MAP, SALE_MAP, SALE_MODE_MAP, VEHICLE_FORM } from './vehicleModel';
import { useVehicleDetail } from './useVehicleDetail';
import { VehicleBatteries } from './VehicleBatteries';
import { VehicleSaleButton } from './VehicleSaleButton';

const DeviceFormDrawer = lazyDrawer<DeviceFormDrawerProps<VehicleRecord>>(() =>
  import('../device-registry/DeviceFormDrawer').then((m) => m.DeviceFormDrawer<VehicleRecord>),
);
const ScrapForm = lazyDrawer(() => import('../device-registry/ScrapForm').then((m) => m.ScrapForm));

const codes = deviceCodes('vehicle');

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

/** Vehicle detail (/product/vehicle/detail/:id): every field, its batteries, edit and scrap. */
export function VehicleDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = useVehicleDetail(id);
  const active = (vehicle: VehicleRecord) => vehicle.scrapStatus === 'NORMAL';

  return (
    <DetailFrame
      detail={detail}
      title={(vehicle) => t('vehicle.detailTitle', { number: vehicle.number })}
      pageTitleKey="page.vehicleDetail"
      back="/product/vehicle/list"
      loadFailedKey="vehicle.loadFailed"
      actions={[
        { key: 'trajectory', render: (vehicle) => <TrajectoryButton kind="vehicle" id={String(vehicle.id)} /> },
        { key: 'edit', code: codes.edit, when: active, labelKey: 'common.edit', icon: <EditOutlined />, opens: 'edit' },
        { key: 'sale', code: codes.edit, when: active, render: (vehicle) => <VehicleSaleButton vehicle={vehicle} /> },
        {
          key: 'scrap',
          code: codes.edit,
          when: active,
          labelKey: 'deviceRegistry.scrap',
          icon: <DeleteOutlined />,
          danger: true,
          opens: 'scrap',
        },
      ]}
      drawers={{
        edit: ({ record, open, close }) => (
          <DeviceFormDrawer kind="vehicle" editing={open ? record : null} {...VEHICLE_FORM} onClose={close} />
        ),
        scrap: ({ record, open, close }) => <ScrapForm kind="vehicle" device={open ? record : null} onClose={close} />,
      }}
    >
      {(vehicle) => (
        <Flex vertical gap={16}>
          <VehicleBatteries vehicle={vehicle} />
          <DetailCards record={vehicle} groups={groups(t)} fieldLabel={fieldKey} />
          <DeviceCredentialCard kind="vehicle" device={vehicle} />
        </Flex>
      )}
    </DetailFrame>
  );
}
