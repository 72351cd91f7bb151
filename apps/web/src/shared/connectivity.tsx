import { useEffect, useState } from 'react';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@swap/contracts';
import { LOCALES, pageLanguage } from './format';
import { STATUS_COLORS } from './StatusTag';

/** The current time, renewed every `everyMs`, so "3 min ago" stays true while a page stays open. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago, the language's way ("3 min ago", "3 menit yang lalu", "3 分钟前"); under a minute "now". */
export function formatAgo(at: string, now: number, language: Language = pageLanguage()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  const format = new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  return format.format(0, 'second');
}

/** "last seen 3 min ago", or "never heard from" for a device that has not reported yet. */
export function useLastSeen(lastReportAt: string | null): string {
  const { t } = useTranslation();
  const now = useNow();
  return lastReportAt ? t('common.lastSeen', { time: formatAgo(lastReportAt, now) }) : t('common.neverSeen');
}

const style = (meaning: 'success' | 'error') => {
  const { color, background, border } = STATUS_COLORS[meaning];
  return { color, background, borderColor: border, marginInlineEnd: 0 };
};

/**
 * Whether the device is online or offline, with when it was last heard from: the device's own link,
 * not the page's live updates (LiveIndicator).
 */
export function ConnectivityTag({ online, lastReportAt }: { online: boolean; lastReportAt: string | null }) {
  const { t } = useTranslation();
  const lastSeen = useLastSeen(lastReportAt);
  return (
    <Flex gap={6} align="center" wrap data-connectivity={online ? 'online' : 'offline'}>
      <Tag style={style(online ? 'success' : 'error')}>{t(online ? 'common.online' : 'common.offline')}</Tag>
      <span style={{ color: '#595959' }}>{lastSeen}</span>
    </Flex>
  );
}
