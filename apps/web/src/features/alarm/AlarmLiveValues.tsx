import { useTranslation } from 'react-i18next';
import type { AlarmRecord } from '@swap/contracts';
import { formatNumber } from '../../shared/format';

/** The device's latest readings the list shows beside its alarm. */
export function AlarmLiveValues({ alarm }: { alarm: AlarmRecord }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  for (const [key, value] of Object.entries(alarm.live)) {
    if (value === null) continue;
    if (key === 'online') parts.push(t(value ? 'alarms.online' : 'alarms.offline'));
    else if (typeof value === 'number') parts.push(`${t(`alarm.parameter.${key}`)} ${formatNumber(value)}`);
  }
  return <span>{parts.join(' · ')}</span>;
}
