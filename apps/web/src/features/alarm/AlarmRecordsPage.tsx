import { useTranslation } from 'react-i18next';
import { TitleBar } from '../../shared/TitleBar';
import { AlarmTable } from './AlarmTable';

/**
 * Product centre → Alarms → Alarm records: every kind's alarms together (docs/alarms.md, "Records").
 * @route /product/device/alarmRecord/list
 */
export function AlarmRecordsPage() {
  const { t } = useTranslation();
  return (
    <>
      <TitleBar title={t('nav.alarm.records')} />
      <AlarmTable />
    </>
  );
}
