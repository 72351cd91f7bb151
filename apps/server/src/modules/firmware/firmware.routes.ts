import type { FastifyInstance } from 'fastify';
import { enumWord, firmwareApi, type TaskDeviceState, type TaskRecord } from '@swap/contracts';
import { fieldColumns, type CsvColumn } from '../../app/csv.js';
import { SENT, serve, servePublic } from '../../app/route.js';
import type { FirmwareConfig } from '../../app/config.js';
import type { JobHandlers } from '../job/index.js';
import { editFirmware, firmwareList, removeFirmware, searchVersions, uploadFirmware } from './firmware.service.js';
import { cabinetVersionList } from '../cabinet/index.js';
import {
  commandTaskDetail,
  firmwareDownload,
  handleTaskJobs,
  retryTask,
  startCommandTask,
  startUpgrade,
  stopTask,
  taskDeviceList,
  taskList,
} from './task.service.js';

/** How many cabinets of a record are in one state, headed by the state's words. */
const stateCount = (field: keyof TaskRecord, state: TaskDeviceState): CsvColumn<TaskRecord> => ({
  field,
  label: (lang) => enumWord('upgrade.deviceState', state, lang),
});

const TASK_CSV: CsvColumn<TaskRecord>[] = [
  ...fieldColumns<TaskRecord>(['id', 'taskKind', 'taskState', 'typeName', 'version'], {}),
  ...fieldColumns<TaskRecord>(['command'], { command: 'command.name' }),
  ...fieldColumns<TaskRecord>(['compartment', 'devicesPerMinute', 'deviceCount']),
  stateCount('pending', 'PENDING'),
  stateCount('running', 'RUNNING'),
  stateCount('succeeded', 'SUCCEEDED'),
  stateCount('failed', 'FAILED'),
  stateCount('cancelled', 'CANCELLED'),
  ...fieldColumns<TaskRecord>(['createdByName', 'createdAt', 'finishedAt']),
];

/** System → Upgrades (firmware, versions, upgrade records) and commands to many cabinets (docs/firmware.md). */
export function registerFirmwareRoutes(
  app: FastifyInstance,
  options: { jobs: JobHandlers; firmware: FirmwareConfig; commandTimeoutSeconds: number },
): void {
  handleTaskJobs(options.jobs, {
    hub: app.deviceHub,
    timeoutMs: options.commandTimeoutSeconds * 1000,
    upgradeDeadlineMs: options.firmware.upgradeMinutes * 60_000,
    linkMs: options.firmware.linkMinutes * 60_000,
    linkBase: options.firmware.linkBase,
  });
  serve(app, firmwareApi.search, ({ input, ctx }) => firmwareList.search(ctx, input));
  serve(app, firmwareApi.upload, ({ req, ctx }) => uploadFirmware(ctx, req));
  serve(app, firmwareApi.edit, ({ input, ctx }) => editFirmware(ctx, input));
  serve(app, firmwareApi.remove, ({ input, ctx }) => removeFirmware(ctx, input.id));
  servePublic(app, firmwareApi.download, async ({ input, req, reply }) => {
    const file = await firmwareDownload(req.server.db, input.token);
    void reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(file.data);
    return SENT;
  });
  serve(app, firmwareApi.versions, ({ input, ctx }) => searchVersions(ctx, input));
  serve(app, firmwareApi.versionDevices, ({ input, ctx }) => cabinetVersionList.search(ctx, input));
  serve(app, firmwareApi.upgrade, ({ input, ctx }) => startUpgrade(ctx, input));
  serve(app, firmwareApi.tasks, ({ input, ctx }) => taskList.search(ctx, input));
  serve(app, firmwareApi.exportTasks, ({ input, ctx, reply }) =>
    taskList.sendExport(reply, ctx, input, { filename: 'upgrade-records.csv', columns: TASK_CSV }),
  );
  serve(app, firmwareApi.taskDevices, ({ input, ctx }) => taskDeviceList.search(ctx, input));
  serve(app, firmwareApi.retry, ({ input, ctx }) => retryTask(ctx, input.id));
  serve(app, firmwareApi.stop, ({ input, ctx }) => stopTask(ctx, input.id));
  serve(app, firmwareApi.commandTask, ({ input, ctx }) => startCommandTask(ctx, input));
  serve(app, firmwareApi.commandTaskDetail, ({ input, ctx }) => commandTaskDetail(ctx, input.id));
  serve(app, firmwareApi.commandTaskRetry, ({ input, ctx }) => retryTask(ctx, input.id, 'COMMAND'));
  serve(app, firmwareApi.commandTaskStop, ({ input, ctx }) => stopTask(ctx, input.id, 'COMMAND'));
}
