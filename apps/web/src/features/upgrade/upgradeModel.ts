import { z } from 'zod';
import { FIRMWARE_MAX_BYTES, firmwareUploadFields, type TaskDeviceState, type TaskRecord } from '@swap/contracts';
import type { StatusMap, StatusMeaning } from '../../shared/StatusTag';

/** How often a screen reads a task under way again (docs/firmware.md, "Progress"). */
export const TASK_REFRESH_MS = 2_000;

function mapOf(group: string, meanings: Record<string, StatusMeaning>): StatusMap {
  return Object.fromEntries(Object.entries(meanings).map(([value, meaning]) => [value, { meaning, labelKey: `${group}.${value}` }]));
}

export const TASK_KIND_MAP = mapOf('upgrade.taskKind', { FIRMWARE: 'processing', COMMAND: 'default' });
export const TASK_STATE_MAP = mapOf('upgrade.taskState', { RUNNING: 'processing', FINISHED: 'success', STOPPED: 'warning' });
export const DEVICE_STATE_MAP = mapOf('upgrade.deviceState', {
  PENDING: 'default',
  RUNNING: 'processing',
  SUCCEEDED: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
} satisfies Record<TaskDeviceState, StatusMeaning>);
export const FIRMWARE_STATUS_MAP = mapOf('upgrade.firmwareStatus', {
  Downloading: 'processing',
  Downloaded: 'processing',
  DownloadFailed: 'error',
  Installing: 'processing',
  Installed: 'success',
  InstallationFailed: 'error',
  InvalidChecksum: 'error',
});

/** Whether a task is still under way (its screens read it again every 2 s). */
export const taskRunning = (task: Pick<TaskRecord, 'taskState'> | undefined): boolean => task?.taskState === 'RUNNING';

/** Read again while any shown task runs. */
export const whileAnyRunning = (tasks: Pick<TaskRecord, 'taskState'>[]): number | false =>
  tasks.some(taskRunning) ? TASK_REFRESH_MS : false;

/** Read again while any shown cabinet waits or is under way. */
export const whileAnyUnderWay = (devices: { deviceState: TaskDeviceState }[]): number | false =>
  devices.some((d) => d.deviceState === 'PENDING' || d.deviceState === 'RUNNING') ? TASK_REFRESH_MS : false;

/** The cabinets of a task that have ended, and the shares of all its cabinets (percent) that ended, succeeded and failed. */
export function progressOf(task: Pick<TaskRecord, 'deviceCount' | 'succeeded' | 'failed' | 'cancelled'>): {
  ended: number;
  percent: number;
  succeeded: number;
  failed: number;
} {
  const ended = task.succeeded + task.failed + task.cancelled;
  const whole = Math.max(task.deviceCount, 1);
  const share = (count: number) => Math.round((count * 100) / whole);
  return { ended, percent: share(ended), succeeded: share(task.succeeded), failed: share(task.failed) };
}

/** The upgrade records' page; a task just started opens there with its progress (`state.taskId`). */
export const RECORDS_PATH = '/updrade/record';

/** The upload form: the contracts' text fields and the image, which must be chosen and at most 32 MB. */
export const uploadSchema = firmwareUploadFields.extend({
  file: z
    .custom<File>((value) => value instanceof File, { message: 'validation.required' })
    .refine((file) => file.size > 0 && file.size <= FIRMWARE_MAX_BYTES, { message: 'validation.tooLarge' }),
});
