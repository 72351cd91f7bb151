import { useTranslation } from 'react-i18next';
import { TitleBar } from '../../shared/TitleBar';
import { AlarmTable } from './AlarmTable';

/**
 * Product centre → Alarms → Cabinet alarms, with each cabinet's live readings.
 * @route /product/device/cabinet/list
 */
export function CabinetAlarmPage() {
  const { t } = useTranslation();
  return (
    <>
      <TitleBar title={t('nav.alarm.cabinet')} />
      <AlarmTable kind="cabinet" />
    </>
  );
}
