import type { BatteryRecord } from '@swap/contracts';
import { DeviceListPage } from '../device-registry';
import { ALARM_MAP, fieldKey, SWITCH_MAP } from '../../shared/devices';
import { BATTERY_FORM, batterySearchFields, RETURN_MAP } from './batteryModel';

/**
 * Product centre → Batteries.
 * @route /product/battery/list
 */
export function BatteryListPage() {
  return (
    <DeviceListPage<BatteryRecord>
      kind="battery"
      scrollX={2300}
      searchFields={batterySearchFields}
      kindColumns={[
        { key: 'imei', titleKey: fieldKey('imei'), width: 170 },
        { key: 'soc', titleKey: fieldKey('soc'), kind: 'number' },
        { key: 'cycles', titleKey: fieldKey('cycles'), kind: 'number' },
        { key: 'alarmStatus', titleKey: fieldKey('alarmStatus'), kind: 'status', statusMap: ALARM_MAP },
        { key: 'chargeSwitch', titleKey: fieldKey('chargeSwitch'), kind: 'status', statusMap: SWITCH_MAP },
        { key: 'dischargeSwitch', titleKey: fieldKey('dischargeSwitch'), kind: 'status', statusMap: SWITCH_MAP },
        { key: 'returnStatus', titleKey: fieldKey('returnStatus'), kind: 'status', statusMap: RETURN_MAP },
        { key: 'vehicleNumber', titleKey: fieldKey('vehicleNumber') },
      ]}
      form={BATTERY_FORM}
    />
  );
}
