import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { firmwareApi } from '@swap/contracts';
import { fieldKey } from '../../shared/devices';
import { ListPage } from '../../shared/table';
import { TaskSubject } from './TaskSubject';
import { TaskProgressBar } from './TaskProgressBar';
import { TASK_KIND_MAP, TASK_STATE_MAP, taskRunning, whileAnyRunning } from './upgradeModel';

const CODE = 'updrade.record';
const TaskProgressDrawer = lazy(async () => ({ default: (await import('./TaskProgressDrawer')).TaskProgressDrawer }));
const options = (map: Record<string, { labelKey: string }>) =>
  Object.entries(map).map(([value, def]) => ({ value, labelKey: def.labelKey }));

/**
 * System → Upgrades → Upgrade records: every upgrade and command to many cabinets with its progress
 * bar, read again every 2 s while one runs; a task's cabinets one by one in a drawer; Retry of the
 * failed cabinets, Stop after a question, CSV export (docs/firmware.md, "Progress").
 * @route /updrade/record
 */
export function UpgradeRecordPage() {
  const started = (useLocation().state as { taskId?: number } | null)?.taskId ?? null;
  const [following, setFollowingState] = useState<number | null>(started);
  // The drawer stays mounted once opened, so it closes with its animation.
  const [opened, setOpened] = useState(started !== null);
  const setFollowing = (id: number | null) => {
    if (id !== null) setOpened(true);
    setFollowingState(id);
  };
  return (
    <ListPage
      titleKey="nav.updrade.record"
      endpoints={{ search: firmwareApi.tasks, export: firmwareApi.exportTasks }}
      scrollX={1500}
      refreshEvery={whileAnyRunning}
      searchFields={[
        { name: 'taskKind', labelKey: fieldKey('taskKind'), type: 'select', options: options(TASK_KIND_MAP) },
        { name: 'taskState', labelKey: fieldKey('taskState'), type: 'select', options: options(TASK_STATE_MAP) },
        { name: 'version', labelKey: fieldKey('version') },
      ]}
      columns={[
        { key: 'id', titleKey: fieldKey('taskId'), width: 90 },
        { key: 'taskKind', titleKey: fieldKey('taskKind'), kind: 'status', statusMap: TASK_KIND_MAP, width: 200 },
        { key: 'subject', titleKey: 'upgrade.subject', width: 220, render: (r) => <TaskSubject task={r} /> },
        { key: 'progress', titleKey: fieldKey('deviceState'), width: 240, render: (r) => <TaskProgressBar task={r} /> },
        { key: 'taskState', titleKey: fieldKey('taskState'), kind: 'status', statusMap: TASK_STATE_MAP, width: 130 },
        { key: 'devicesPerMinute', titleKey: fieldKey('devicesPerMinute'), kind: 'number', width: 130 },
        { key: 'createdByName', titleKey: fieldKey('createdByName'), width: 140 },
        { key: 'createdAt', titleKey: fieldKey('createdAt'), kind: 'datetime', sortable: true, width: 190 },
        { key: 'finishedAt', titleKey: fieldKey('finishedAt'), kind: 'datetime', width: 190 },
      ]}
      rowActions={[
        { key: 'progress', labelKey: 'upgrade.progress', onClick: (r) => setFollowing(r.id) },
        {
          key: 'retry',
          labelKey: 'upgrade.retry',
          code: `${CODE}.retry`,
          hidden: (r) => r.failed === 0,
          confirmKey: 'upgrade.confirmRetryRow',
          successKey: 'upgrade.retried',
          call: { endpoint: firmwareApi.retry, input: (r) => ({ id: r.id }) },
        },
        {
          key: 'stop',
          labelKey: 'upgrade.stop',
          code: `${CODE}.stop`,
          danger: true,
          hidden: (r) => !taskRunning(r),
          confirmKey: 'upgrade.confirmStop',
          successKey: 'upgrade.stopped',
          call: { endpoint: firmwareApi.stop, input: (r) => ({ id: r.id }) },
        },
      ]}
    >
      {opened ? (
        <Suspense fallback={null}>
          <TaskProgressDrawer taskId={following} from="records" onClose={() => setFollowing(null)} />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
