import { Flex } from 'antd';
import { Link, useNavigate } from 'react-router';
import { SALE_STATUSES, type VehicleRecord } from '@swap/contracts';
import { DeviceListPage } from '../device-registry';
import { deviceCodes, deviceDetailPath, fieldKey, VEHICLE_STATISTICS_CODE, vehicleStatisticsPath } from '../../shared/devices';
import { setVehicleSale } from './vehicleQueries';
import { VEHICLE_FORM } from './vehicleForm';
import { ACTIVATION_MAP, AVAILABILITY_MAP, SALE_MAP, SALE_MODE_MAP, vehicleSearchFields } from './vehicleModel';

function BatteryLinks({ record }: { record: VehicleRecord }) {
  const bound = [
    [record.battery1Id, record.battery1Number],
    [record.battery2Id, record.battery2Number],
  ] as const;
  return (
    <Flex vertical>
      {bound.map(([id, number]) =>
        id !== null && number ? (
          <Link key={id} to={deviceDetailPath('battery', id)}>
            {number}
          </Link>
        ) : null,
      )}
    </Flex>
  );
}

/**
 * Product centre → Vehicles.
 * @route /product/vehicle/list
 */
export function VehicleListPage() {
  const navigate = useNavigate();
  return (
    <DeviceListPage<VehicleRecord>
      kind="vehicle"
      scrollX={2020}
      searchFields={vehicleSearchFields}
      kindColumns={[
        { key: 'vin', titleKey: fieldKey('vin') },
        { key: 'dealer', titleKey: fieldKey('dealer') },
        { key: 'batteries', titleKey: 'vehicle.batteries', render: (r) => <BatteryLinks record={r} /> },
        { key: 'saleStatus', titleKey: fieldKey('saleStatus'), kind: 'status', statusMap: SALE_MAP },
        { key: 'availability', titleKey: fieldKey('availability'), kind: 'status', statusMap: AVAILABILITY_MAP },
        { key: 'activationStatus', titleKey: fieldKey('activationStatus'), kind: 'status', statusMap: ACTIVATION_MAP },
        { key: 'saleMode', titleKey: fieldKey('saleMode'), kind: 'status', statusMap: SALE_MODE_MAP },
      ]}
      form={VEHICLE_FORM}
      rowActions={[
        {
          key: 'statistics',
          labelKey: 'telemetry.statistics.open',
          code: VEHICLE_STATISTICS_CODE,
          onClick: (r) => void navigate(vehicleStatisticsPath(r.id)),
        },
      ]}
      batchActions={SALE_STATUSES.map((status) => ({
        key: `mark-${status}`,
        labelKey: `vehicle.mark.${status}`,
        code: deviceCodes('vehicle').edit,
        confirmKey: `vehicle.confirmMarkSelected.${status}`,
        successKey: 'vehicle.saleChanged',
        onClick: (records: VehicleRecord[]) =>
          setVehicleSale(
            records.map((r) => r.id),
            status,
          ),
      }))}
    />
  );
}
