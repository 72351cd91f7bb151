import type { LiveStatus } from '../api/liveStream';
import { StatusTag, type StatusMap } from '../StatusTag';

const LIVE_STATUS_MAP: StatusMap = {
  connecting: { meaning: 'default', labelKey: 'common.liveConnecting' },
  open: { meaning: 'success', labelKey: 'common.liveOpen' },
  reconnecting: { meaning: 'warning', labelKey: 'common.liveReconnecting' },
  refused: { meaning: 'default', labelKey: 'common.liveOff' },
};

/** Whether the values on screen follow the device: connected, (re)connecting or off. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  return (
    <span role="status" data-live-status={status}>
      <StatusTag value={status} map={LIVE_STATUS_MAP} />
    </span>
  );
}
