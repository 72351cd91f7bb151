import { useTranslation } from 'react-i18next';
import { TitleBar } from '../../shared/TitleBar';
import { AlarmTable } from './AlarmTable';

/**
 * Product centre → Alarms → Battery alarms, with each battery's live readings.
 * @route /product/device/battery/list
 */
export function BatteryAlarmPage() {
  const { t } = useTranslation();
  return (
    <>
      <TitleBar title={t('nav.alarm.battery')} />
      <AlarmTable kind="battery" />
    </>
  );
}
