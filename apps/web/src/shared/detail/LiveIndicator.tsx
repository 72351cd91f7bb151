import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../api/liveStream';
import { StatusTag, type StatusMap } from '../StatusTag';

const LIVE_STATUS_MAP: StatusMap = {
  connecting: { meaning: 'default', labelKey: 'common.liveConnecting' },
  open: { meaning: 'processing', labelKey: 'common.liveOpen' },
  reconnecting: { meaning: 'warning', labelKey: 'common.liveReconnecting' },
  refused: { meaning: 'default', labelKey: 'common.liveOff' },
};

/**
 * Whether the values on screen follow the device's reports: the page's own updates, connected,
 * (re)connecting or off. It says nothing of the device's link, which ConnectivityTag shows; it reads
 * "Page updates live", in the blue of a running process, never the green of "online".
 */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  return (
    <span role="status" data-live-status={status} title={t('common.liveHint')}>
      <StatusTag value={status} map={LIVE_STATUS_MAP} />
    </span>
  );
}
