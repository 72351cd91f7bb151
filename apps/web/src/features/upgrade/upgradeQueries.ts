import { useQuery } from '@tanstack/react-query';
import { firmwareApi, type FirmwareRecord, type FirmwareUploadFields, type TaskDeviceRecord, type TaskRecord } from '@swap/contracts';
import { endpointKey, request, upload, useEndpointMutation } from '../../shared/api/endpoints';
import type { PageFetcher } from '../../shared/table';
import { TASK_REFRESH_MS, taskRunning } from './upgradeModel';

/**
 * Where a task is followed from: the upgrade records (updrade.record) or the cabinet list, whose
 * operators hold operation.cabinet only (the bulk command calls).
 */
export type TaskSource = 'records' | 'cabinets';

/** Sends a firmware image with its type, version and notes; the server computes its size and SHA-256. */
export function uploadFirmware(values: FirmwareUploadFields & { file: File }): Promise<FirmwareRecord> {
  return upload(firmwareApi.upload, values.file, {
    typeId: String(values.typeId),
    version: values.version,
    releaseNotes: values.releaseNotes,
  });
}

/** One task, read again every 2 s while it runs. */
export function useTask(id: number | null, from: TaskSource) {
  const queryKey =
    from === 'records'
      ? endpointKey(firmwareApi.tasks, { id: id ?? 0, current: 1, size: 1 })
      : endpointKey(firmwareApi.commandTaskDetail, { id: id ?? 0 });
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<TaskRecord | null> =>
      from === 'records'
        ? ((await request(firmwareApi.tasks, { id: id ?? 0, current: 1, size: 1 }, { signal })).records[0] ?? null)
        : request(firmwareApi.commandTaskDetail, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) => (taskRunning(query.state.data ?? undefined) ? TASK_REFRESH_MS : false),
  });
}

/** A bulk command's cabinets, paged from its detail (its operators need not hold the upgrade records). */
export function commandTaskDevicesPage(id: number): PageFetcher<TaskDeviceRecord> {
  return async (body, signal) => {
    const detail = await request(firmwareApi.commandTaskDetail, { id }, { signal });
    const size = Number(body.size ?? 10);
    const current = Number(body.current ?? 1);
    const total = detail.devices.length;
    return { records: detail.devices.slice((current - 1) * size, current * size), total, current, size, pages: Math.ceil(total / size) };
  };
}

/** Retry and stop of a task, by where it is followed from. */
export function useTaskChanges(from: TaskSource) {
  const retry = useEndpointMutation(from === 'records' ? firmwareApi.retry : firmwareApi.commandTaskRetry);
  const stop = useEndpointMutation(from === 'records' ? firmwareApi.stop : firmwareApi.commandTaskStop);
  return { retry: (id: number) => retry({ id }), stop: (id: number) => stop({ id }) };
}
