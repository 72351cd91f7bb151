import { Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { firmwareApi, type SortColumnOf, type TaskDeviceRecord } from '@swap/contracts';
import { ConfirmButton } from '../../shared/confirm';
import { fieldKey } from '../../shared/devices';
import { Spin } from 'antd';
import { ErrorState } from '../../shared/StateView';
import { StatusTag } from '../../shared/StatusTag';
import { ResourceTable, type ResourceColumn } from '../../shared/table';
import { useUi } from '../../shared/ui';
import { TaskProgressBar } from './TaskProgressBar';
import { TaskSubject } from './TaskSubject';
import { DEVICE_STATE_MAP, FIRMWARE_STATUS_MAP, TASK_STATE_MAP, taskRunning, whileAnyUnderWay } from './upgradeModel';
import { commandTaskDevicesPage, useTask, useTaskChanges, type TaskSource } from './upgradeQueries';

/**
 * A task followed live (every 2 s while it runs): its state, progress bar, Retry of the failed
 * cabinets and Stop, then each cabinet's progress (docs/firmware.md, "Progress").
 */
export function TaskProgress({ taskId, from }: { taskId: number; from: TaskSource }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const query = useTask(taskId, from);
  const changes = useTaskChanges(from);
  const task = query.data;
  if (!task) {
    if (query.isError || query.data === null) return <ErrorState title={t('upgrade.loadFailed')} onRetry={() => void query.refetch()} />;
    return <Spin description={t('common.loading')} />;
  }
  const codes =
    from === 'records'
      ? { retry: 'updrade.record.retry', stop: 'updrade.record.stop' }
      : { retry: 'operation.cabinet', stop: 'operation.cabinet' };
  const columns: ResourceColumn<TaskDeviceRecord, SortColumnOf<typeof firmwareApi.taskDevices>>[] = [
    { key: 'cabinetNumber', titleKey: fieldKey('cabinetNumber'), width: 160 },
    { key: 'deviceState', titleKey: fieldKey('deviceState'), kind: 'status', statusMap: DEVICE_STATE_MAP, width: 130 },
    ...(task.taskKind === 'FIRMWARE'
      ? [
          {
            key: 'firmwareStatus',
            titleKey: fieldKey('firmwareStatus'),
            kind: 'status',
            statusMap: FIRMWARE_STATUS_MAP,
            width: 160,
          } as const,
        ]
      : []),
    { key: 'failureMessage', titleKey: fieldKey('failureMessage'), ellipsis: true },
    { key: 'attempts', titleKey: fieldKey('attempts'), kind: 'number', width: 100 },
    { key: 'startedAt', titleKey: fieldKey('startedAt'), kind: 'datetime', width: 190 },
    { key: 'finishedAt', titleKey: fieldKey('finishedAt'), kind: 'datetime', width: 190 },
  ];
  return (
    <Flex vertical gap={16}>
      <Flex gap={16} align="center" wrap>
        <StatusTag value={task.taskState} map={TASK_STATE_MAP} />
        <Typography.Text strong>
          <TaskSubject task={task} />
        </Typography.Text>
        <div style={{ flex: 1, minWidth: 200 }}>
          <TaskProgressBar task={task} />
        </div>
        <Space>
          {task.failed > 0 ? (
            <ConfirmButton
              labelKey="upgrade.retry"
              confirmKey="upgrade.confirmRetry"
              confirmParams={{ count: task.failed }}
              code={codes.retry}
              onConfirm={async () => {
                await changes.retry(task.id);
                void message.success(t('upgrade.retried'));
              }}
            />
          ) : null}
          {taskRunning(task) ? (
            <ConfirmButton
              labelKey="upgrade.stop"
              confirmKey="upgrade.confirmStop"
              danger
              code={codes.stop}
              onConfirm={async () => {
                await changes.stop(task.id);
                void message.success(t('upgrade.stopped'));
              }}
            />
          ) : null}
        </Space>
      </Flex>
      {from === 'records' ? (
        <ResourceTable<TaskDeviceRecord, typeof firmwareApi.taskDevices>
          endpoints={{ search: firmwareApi.taskDevices }}
          filters={{ taskId: task.id }}
          rowKey="id"
          scrollX={1000}
          columns={columns}
          searchFields={[{ name: 'deviceState', labelKey: fieldKey('deviceState'), type: 'select', options: stateOptions }]}
          refreshEvery={whileAnyUnderWay}
        />
      ) : (
        <ResourceTable<TaskDeviceRecord>
          searchPath={firmwareApi.commandTaskDetail.path}
          fetchPage={commandTaskDevicesPage(task.id)}
          filters={{ taskId: task.id }}
          rowKey="id"
          scrollX={1000}
          columns={columns}
          refreshEvery={whileAnyUnderWay}
        />
      )}
    </Flex>
  );
}

const stateOptions = Object.entries(DEVICE_STATE_MAP).map(([value, def]) => ({ value, labelKey: def.labelKey }));
