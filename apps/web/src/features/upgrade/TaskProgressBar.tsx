import { useTranslation } from 'react-i18next';
import type { TaskRecord } from '@swap/contracts';
import { STATUS_COLORS } from '../../shared/StatusTag';
import { progressOf } from './upgradeModel';

/** A task's progress: a bar of the cabinets ended (succeeded in green, the others red), and the count in words. */
export function TaskProgressBar({ task }: { task: TaskRecord }) {
  const { t } = useTranslation();
  const { percent, succeeded, ended } = progressOf(task);
  const words = t('upgrade.ended', { ended, total: task.deviceCount, failed: task.failed });
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
        <div style={{ width: `${percent - succeeded}%`, background: '#cf1322' }} />
      </div>
      <div>{words}</div>
    </div>
  );
}
