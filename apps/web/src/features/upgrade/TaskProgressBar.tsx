import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '@swap/contracts';
import { STATUS_COLORS } from '../../shared/StatusTag';
import { progressOf } from './upgradeModel';

/**
 * A task's progress: a bar of the cabinets ended (succeeded in green, failed in red, cancelled by a
 * stop in grey), and the count in words (the cancelled named only when a stop cancelled some).
 */
export function TaskProgressBar({ task }: { task: TaskRecord }) {
  const { t } = useTranslation();
  const { percent, succeeded, failed, ended } = progressOf(task);
  const counts = { ended, total: task.deviceCount, failed: task.failed, cancelled: task.cancelled };
  const words = t(task.cancelled > 0 ? 'upgrade.endedCancelled' : 'upgrade.ended', counts);
  return (
    <div style={{ minWidth: 160 }}>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={words}
        style={{ display: 'flex', height: 8, borderRadius: 4, overflow: 'hidden', background: STATUS_COLORS.default.border }}
      >
        <div style={{ width: `${succeeded}%`, background: '#389e0d' }} />
        <div style={{ width: `${failed}%`, background: '#cf1322' }} />
        <div style={{ width: `${Math.max(percent - succeeded - failed, 0)}%`, background: '#8c8c8c' }} />
      </div>
      <div>{words}</div>
    </div>
  );
}
