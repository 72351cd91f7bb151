import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { batteryAdd, batteryEdit, type BatteryRecord } from '@swap/contracts';
import { ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { DeviceFormDrawer, pickValues } from '../device/DeviceFormDrawer';
import { ALARM_MAP, deviceCodes, deviceDetailPath, devicePaths, fieldKey, SCRAP_MAP, STOCK_MAP, SWITCH_MAP } from '../device/deviceModel';
import { RegisterButtons } from '../device/RegisterButtons';
import { ScrapForm } from '../device/ScrapForm';
import { useOwnerOptions, useTypeOptions } from '../device/useDeviceOptions';
import { BATTERY_EDIT_NAMES, BATTERY_FIELDS, batterySearchFields } from './batteryModel';

const paths = devicePaths('battery');
const codes = deviceCodes('battery');

/** Product centre → Batteries (/product/battery/list). */
export function BatteryListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useTypeOptions('battery');
  const owners = useOwnerOptions();
  const [editing, setEditing] = useState<BatteryRecord | 'new' | null>(null);
  const [scrapping, setScrapping] = useState<BatteryRecord | null>(null);

  return (
    <>
      <TitleBar title={t('nav.operation.battery')} operate={<RegisterButtons kind="battery" onAdd={() => setEditing('new')} />} />
      <ResourceTable<BatteryRecord>
        searchPath={paths.search}
        exportPath={paths.export}
        exportCode={codes.export}
        exportFilename="batteries"
        rowKey="id"
        scrollX={2000}
        defaultSort={{ field: 'createdAt', order: 'descend' }}
        searchFields={batterySearchFields(types, owners?.filter ?? null)}
        columns={[
          {
            key: 'number',
            titleKey: fieldKey('number'),
            sortable: true,
            fixed: 'left',
            width: 180,
            render: (r) => <Link to={deviceDetailPath('battery', r.id)}>{r.number}</Link>,
          },
          { key: 'typeName', titleKey: fieldKey('typeId'), width: 150 },
          { key: 'brand', titleKey: fieldKey('brand') },
          { key: 'model', titleKey: fieldKey('model') },
          { key: 'imei', titleKey: fieldKey('imei'), width: 170 },
          { key: 'soc', titleKey: fieldKey('soc'), kind: 'number' },
          { key: 'cycles', titleKey: fieldKey('cycles'), kind: 'number' },
          { key: 'stockStatus', titleKey: fieldKey('stockStatus'), kind: 'status', statusMap: STOCK_MAP },
          { key: 'scrapStatus', titleKey: fieldKey('scrapStatus'), kind: 'status', statusMap: SCRAP_MAP },
          { key: 'alarmStatus', titleKey: fieldKey('alarmStatus'), kind: 'status', statusMap: ALARM_MAP },
          { key: 'chargeSwitch', titleKey: fieldKey('chargeSwitch'), kind: 'status', statusMap: SWITCH_MAP },
          { key: 'dischargeSwitch', titleKey: fieldKey('dischargeSwitch'), kind: 'status', statusMap: SWITCH_MAP },
          { key: 'vehicleNumber', titleKey: fieldKey('vehicleNumber') },
          { key: 'merchantName', titleKey: fieldKey('merchantName'), render: (r) => r.merchantName ?? t('device.platformStock') },
          { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 180 },
        ]}
        rowActions={[
          { key: 'view', labelKey: 'common.view', onClick: (r) => void navigate(deviceDetailPath('battery', r.id)) },
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
      <DeviceFormDrawer<BatteryRecord>
        kind="battery"
        editing={editing}
        addSchema={batteryAdd}
        editSchema={batteryEdit}
        fields={BATTERY_FIELDS}
        toValues={(record) => pickValues(record, BATTERY_EDIT_NAMES)}
        onClose={() => setEditing(null)}
      />
      <ScrapForm kind="battery" device={scrapping} onClose={() => setScrapping(null)} />
    </>
  );
}
