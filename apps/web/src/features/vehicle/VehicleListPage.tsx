import { useState } from 'react';
import { Flex } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { vehicleAdd, vehicleEdit, type VehicleRecord } from '@swap/contracts';
import { ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { DeviceFormDrawer, pickValues } from '../device/DeviceFormDrawer';
import { deviceCodes, deviceDetailPath, devicePaths, fieldKey, SCRAP_MAP, STOCK_MAP } from '../device/deviceModel';
import { RegisterButtons } from '../device/RegisterButtons';
import { ScrapForm } from '../device/ScrapForm';
import { useOwnerOptions, useTypeOptions } from '../device/useDeviceOptions';
import {
  ACTIVATION_MAP,
  AVAILABILITY_MAP,
  SALE_MAP,
  SALE_MODE_MAP,
  VEHICLE_DEFAULTS,
  VEHICLE_EDIT_NAMES,
  VEHICLE_FIELDS,
  vehicleSearchFields,
} from './vehicleModel';

const paths = devicePaths('vehicle');
const codes = deviceCodes('vehicle');

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

/** Product centre → Vehicles (/product/vehicle/list). */
export function VehicleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useTypeOptions('vehicle');
  const owners = useOwnerOptions();
  const [editing, setEditing] = useState<VehicleRecord | 'new' | null>(null);
  const [scrapping, setScrapping] = useState<VehicleRecord | null>(null);

  return (
    <>
      <TitleBar title={t('nav.operation.vehicle')} operate={<RegisterButtons kind="vehicle" onAdd={() => setEditing('new')} />} />
      <ResourceTable<VehicleRecord>
        searchPath={paths.search}
        exportPath={paths.export}
        exportCode={codes.export}
        exportFilename="vehicles"
        rowKey="id"
        scrollX={1900}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        searchFields={vehicleSearchFields(types, owners?.filter ?? null)}
        columns={[
          {
            key: 'number',
            titleKey: fieldKey('number'),
            sortable: true,
            fixed: 'left',
            width: 180,
            render: (r) => <Link to={deviceDetailPath('vehicle', r.id)}>{r.number}</Link>,
          },
          { key: 'typeName', titleKey: fieldKey('typeId'), width: 150 },
          { key: 'brand', titleKey: fieldKey('brand') },
          { key: 'model', titleKey: fieldKey('model') },
          { key: 'vin', titleKey: fieldKey('vin') },
          { key: 'batteries', titleKey: 'vehicle.batteries', render: (r) => <BatteryLinks record={r} /> },
          { key: 'saleStatus', titleKey: fieldKey('saleStatus'), kind: 'status', statusMap: SALE_MAP },
          { key: 'availability', titleKey: fieldKey('availability'), kind: 'status', statusMap: AVAILABILITY_MAP },
          { key: 'activationStatus', titleKey: fieldKey('activationStatus'), kind: 'status', statusMap: ACTIVATION_MAP },
          { key: 'saleMode', titleKey: fieldKey('saleMode'), kind: 'status', statusMap: SALE_MODE_MAP },
          { key: 'stockStatus', titleKey: fieldKey('stockStatus'), kind: 'status', statusMap: STOCK_MAP },
          { key: 'scrapStatus', titleKey: fieldKey('scrapStatus'), kind: 'status', statusMap: SCRAP_MAP },
          { key: 'merchantName', titleKey: fieldKey('merchantName'), render: (r) => r.merchantName ?? t('device.platformStock') },
          { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[
          { key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(deviceDetailPath('vehicle', r.id)) },
          {
            key: 'edit',
            labelKey: 'common.edit',
            code: codes.edit,
            hidden: (r) => r.scrapStatus === 'SCRAPPED',
            onClick: (r) => setEditing(r),
          },
          {
            key: 'scrap',
            labelKey: 'device.scrap',
            code: codes.edit,
            danger: true,
            confirmKey: false,
            hidden: (r) => r.scrapStatus === 'SCRAPPED',
            onClick: (r) => setScrapping(r),
          },
        ]}
      />
      <DeviceFormDrawer<VehicleRecord>
        kind="vehicle"
        editing={editing}
        addSchema={vehicleAdd}
        editSchema={vehicleEdit}
        fields={VEHICLE_FIELDS}
        initialValues={VEHICLE_DEFAULTS}
        toValues={(record) => pickValues(record, VEHICLE_EDIT_NAMES)}
        onClose={() => setEditing(null)}
      />
      <ScrapForm kind="vehicle" device={scrapping} onClose={() => setScrapping(null)} />
    </>
  );
}
