import type { LiveStatus } from '../../shared/api/liveStream';
import { StatusTag, type StatusMap } from '../../shared/StatusTag';

const LIVE_STATUS_MAP: StatusMap = {
  connecting: { meaning: 'default', labelKey: 'device.liveConnecting' },
  open: { meaning: 'success', labelKey: 'device.liveOpen' },
  reconnecting: { meaning: 'warning', labelKey: 'device.liveReconnecting' },
  refused: { meaning: 'default', labelKey: 'device.liveOff' },
};

/** Whether the values on screen follow the device: connected, (re)connecting or off. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  return (
    <span role="status" data-live-status={status}>
      <StatusTag value={status} map={LIVE_STATUS_MAP} />
    </span>
  );
}
