import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, gt, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import {
  COMPARTMENT_COMMANDS,
  endpointUrl,
  firmwareApi,
  messageText,
  type CommandName,
  type CommandTaskAdd,
  type FirmwareStatus,
  type FirmwareStatusReport,
  type MessageKey,
  type TaskDetail,
  type TaskDeviceRecord,
  type TaskRecord,
  type UpgradeTaskAdd,
} from '@swap/contracts';
import type { Ctx, Principal } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import type { DeviceHub } from '../../app/device-hub.js';
import { AppError } from '../../app/errors.js';
import { fieldInvalid } from '../../app/policy.js';
import { defineList } from '../../app/list.js';
import { recordAudit } from '../audit-log/index.js';
import { cabinetIdOfNumber, cabinetJoin, cabinetOfTask, cabinetsForTask, type CabinetChoice, type TaskCabinet } from '../cabinet/index.js';
import { sendTaskCommand } from '../command/index.js';
import { appendDeviceLog } from '../device-log/index.js';
import { deviceTypeNameOf } from '../device-type/index.js';
import { storedFileBytes } from '../file/index.js';
import { cancelJobs, enqueueJobs, type JobHandlers } from '../job/index.js';
import { deviceTaskDevices, deviceTasks, firmwareFiles } from './firmware.table.js';
import { firmwareForTask } from './firmware.service.js';

/**
 * Upgrade tasks and commands to many cabinets (docs/firmware.md, "Tasks"): a task names its
 * cabinets, each a row with its own progress, and queues one job per cabinet spaced by the task's
 * pace. The job sends the cabinet its command through the command module (one outstanding command
 * per cabinet holds there too); a firmware update then follows the cabinet's /fw-status reports.
 */

/** The queue of the jobs that send a task's command to one cabinet. */
export const SEND_QUEUE = 'device-task.send';
/** The queue of the jobs that end an upgrade a cabinet never finished. */
export const DEADLINE_QUEUE = 'device-task.deadline';

export interface TaskDeps {
  hub: DeviceHub;
  /** The command timeout (COMMAND_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** How long a cabinet has from taking an update to reporting it installed. */
  upgradeDeadlineMs: number;
  /** How long a download link works. */
  linkMs: number;
  /** The https origin devices download from (FIRMWARE_LINK_BASE). */
  linkBase: string;
}

type TaskRow = typeof deviceTasks.$inferSelect;
type DeviceRow = typeof deviceTaskDevices.$inferSelect;

/** The group of a task's jobs (cancelled together by a stop). */
export const groupOf = (taskId: number) => `device-task:${taskId}`;

/** Merchant staff see their tenant's tasks; the platform's staff every task. */
function taskScope(ctx: Pick<Ctx, 'principal'>): SQL | undefined {
  return ctx.principal.merchantId === null ? undefined : eq(deviceTasks.merchantId, ctx.principal.merchantId);
}

const countOf = (state: string) =>
  sql<number>`(select count(*)::int from ${deviceTaskDevices} d where d.task_id = ${deviceTasks.id} and d.device_state = ${state})`;
const taskSelect = {
  ...getTableColumns(deviceTasks),
  version: firmwareFiles.version,
  typeName: deviceTypeNameOf(firmwareFiles.typeId),
  deviceCount: sql<number>`(select count(*)::int from ${deviceTaskDevices} d where d.task_id = ${deviceTasks.id})`,
  pending: countOf('PENDING'),
  running: countOf('RUNNING'),
  succeeded: countOf('SUCCEEDED'),
  failed: countOf('FAILED'),
  cancelled: countOf('CANCELLED'),
};
type TaskListRow = TaskRow & {
  version: string | null;
  typeName: string | null;
  deviceCount: number;
  pending: number;
  running: number;
  succeeded: number;
  failed: number;
  cancelled: number;
};

function presentTask(row: TaskListRow): TaskRecord {
  return {
    id: row.id,
    taskKind: row.taskKind,
    taskState: row.taskState,
    firmwareId: row.firmwareId,
    version: row.version,
    typeName: row.typeName,
    command: row.command,
    compartment: row.compartment,
    devicesPerMinute: row.devicesPerMinute,
    deviceCount: row.deviceCount,
    pending: row.pending,
    running: row.running,
    succeeded: row.succeeded,
    failed: row.failed,
    cancelled: row.cancelled,
    merchantId: row.merchantId,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export const taskList = defineList({
  endpoint: firmwareApi.tasks,
  table: deviceTasks,
  id: deviceTasks.id,
  select: taskSelect,
  joins: [{ table: firmwareFiles, on: eq(firmwareFiles.id, deviceTasks.firmwareId), left: true }],
  scope: taskScope,
  filters: {
    id: (id) => eq(deviceTasks.id, id),
    taskKind: (kind) => eq(deviceTasks.taskKind, kind),
    taskState: (state) => eq(deviceTasks.taskState, state),
    version: {
      where: (version) =>
        inArray(deviceTasks.firmwareId, sql`(select id from ${firmwareFiles} where ${firmwareFiles.version} = ${version})`),
      unindexed: 'The tasks of the few firmware files of that version, through the task firmware index.',
    },
  },
  defaultOrder: () => ({ column: deviceTasks.createdAt, direction: 'desc' }),
  count: 'exact',
  present: presentTask,
  missing: 'taskMissing',
});

function presentDevice(row: DeviceRow & { cabinetNumber: string }, lang: Ctx['lang']): TaskDeviceRecord {
  return {
    id: row.id,
    taskId: row.taskId,
    cabinetId: row.cabinetId,
    cabinetNumber: row.cabinetNumber,
    deviceState: row.deviceState,
    firmwareStatus: row.firmwareStatus,
    failureMessage: row.failureKey ? messageText(row.failureKey as MessageKey, lang) : null,
    attempts: row.attempts,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The task if the caller sees it, else "task does not exist". */
async function visibleTask(ctx: Ctx, id: number): Promise<TaskRow> {
  const [task] = await ctx.db
    .select()
    .from(deviceTasks)
    .where(and(eq(deviceTasks.id, id), taskScope(ctx)));
  if (!task) throw new AppError('taskMissing');
  return task;
}

const cabinet = cabinetJoin(deviceTaskDevices.cabinetId);
export const taskDeviceList = defineList({
  endpoint: firmwareApi.taskDevices,
  table: deviceTaskDevices,
  id: deviceTaskDevices.id,
  select: { ...getTableColumns(deviceTaskDevices), cabinetNumber: cabinet.number },
  joins: [cabinet.join],
  scope: () => undefined,
  parent: async (ctx, query) => eq(deviceTaskDevices.taskId, (await visibleTask(ctx, query.taskId)).id),
  filters: {
    taskId: 'parent',
    deviceState: (state) => eq(deviceTaskDevices.deviceState, state),
  },
  defaultOrder: () => ({ column: deviceTaskDevices.id, direction: 'asc' }),
  count: 'exact',
  present: (row: DeviceRow & { cabinetNumber: string }, ctx: Ctx) => presentDevice(row, ctx.lang),
});

/** One task as the list shows it. */
export async function readTask(ctx: Ctx, id: number): Promise<TaskRecord> {
  return taskList.detail(ctx, id);
}

/** A bulk command's task with its first 500 cabinets (the drawer on the cabinet list). */
export async function commandTaskDetail(ctx: Ctx, id: number): Promise<TaskDetail> {
  const task = await readTask(ctx, id);
  if (task.taskKind !== 'COMMAND') throw new AppError('taskMissing');
  const rows = await ctx.db
    .select({ ...getTableColumns(deviceTaskDevices), cabinetNumber: cabinet.number })
    .from(deviceTaskDevices)
    .innerJoin(cabinet.join.table, cabinet.join.on)
    .where(eq(deviceTaskDevices.taskId, id))
    .orderBy(deviceTaskDevices.id)
    .limit(500);
  return { ...task, devices: rows.map((row) => presentDevice(row, ctx.lang)) };
}

/** Jobs for the task's cabinets, one every 60/pace seconds from now. */
async function queueSends(db: Db, taskId: number, deviceIds: number[], perMinute: number): Promise<void> {
  const start = Date.now();
  await enqueueJobs(
    db,
    deviceIds.map((deviceId, i) => ({
      queue: SEND_QUEUE,
      payload: { deviceId },
      runAt: new Date(start + Math.floor((i * 60_000) / perMinute)),
      groupKey: groupOf(taskId),
      maxAttempts: 1,
    })),
  );
}

interface NewTask {
  taskKind: TaskRow['taskKind'];
  firmwareId: number | null;
  command: string | null;
  compartment: number | null;
  devicesPerMinute: number;
}

async function startTask(ctx: Ctx, task: NewTask, cabinets: TaskCabinet[], audit: Record<string, unknown>): Promise<TaskRecord> {
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deviceTasks)
      .values({
        ...task,
        merchantId: ctx.principal.merchantId,
        createdById: ctx.principal.id,
        createdByUsername: ctx.principal.username,
        createdByName: ctx.principal.name || ctx.principal.username,
        createdIp: ctx.ip,
      })
      .returning({ id: deviceTasks.id });
    const taskId = row!.id;
    const deviceIds: number[] = [];
    for (let i = 0; i < cabinets.length; i += 1000) {
      const added = await tx
        .insert(deviceTaskDevices)
        .values(cabinets.slice(i, i + 1000).map((c) => ({ taskId, cabinetId: c.id })))
        .returning({ id: deviceTaskDevices.id });
      deviceIds.push(...added.map((d) => d.id));
    }
    await queueSends(tx, taskId, deviceIds, task.devicesPerMinute);
    await recordAudit(tx, ctx, {
      action: 'upgradeTask.add',
      objectType: 'upgradeTask',
      objectId: taskId,
      changes: { taskKind: task.taskKind, ...audit, deviceCount: cabinets.length, devicesPerMinute: task.devicesPerMinute },
    });
    return taskId;
  });
  return readTask(ctx, id);
}

function choiceOf(input: CabinetChoice): CabinetChoice {
  return { cabinetIds: input.cabinetIds, typeId: input.typeId, stationId: input.stationId, merchantId: input.merchantId };
}

/** Starts an upgrade of the chosen cabinets to a firmware file of their type. */
export async function startUpgrade(ctx: Ctx, input: UpgradeTaskAdd): Promise<TaskRecord> {
  const firmware = await firmwareForTask(ctx, input.firmwareId);
  if (firmware.deviceKind !== 'cabinet') throw new AppError('firmwareOtherKind');
  const choice = choiceOf(input);
  if (choice.typeId !== undefined && choice.typeId !== firmware.typeId) throw fieldInvalid(ctx, 'typeId');
  // Chosen by station or merchant: that choice's cabinets of the firmware's type.
  if (!choice.cabinetIds?.length && (choice.stationId !== undefined || choice.merchantId !== undefined)) choice.typeId = firmware.typeId;
  const cabinets = await cabinetsForTask(ctx, choice);
  if (cabinets.length === 0) throw new AppError('upgradeNoCabinet');
  const other = cabinets.find((c) => c.typeId !== firmware.typeId);
  if (other) throw new AppError('upgradeOtherType', { number: other.number });
  return startTask(
    ctx,
    { taskKind: 'FIRMWARE', firmwareId: firmware.id, command: null, compartment: null, devicesPerMinute: input.devicesPerMinute },
    cabinets,
    { firmwareId: firmware.id, version: firmware.version },
  );
}

/** Sends one command to many cabinets, paced, each with its own outcome. */
export async function startCommandTask(ctx: Ctx, input: CommandTaskAdd): Promise<TaskRecord> {
  const compartmentCommand = (COMPARTMENT_COMMANDS as readonly string[]).includes(input.name);
  if (compartmentCommand && input.compartment === undefined) throw fieldInvalid(ctx, 'compartment');
  const cabinets = await cabinetsForTask(ctx, choiceOf(input));
  if (cabinets.length === 0) throw new AppError('commandNoCabinet');
  const compartment = compartmentCommand ? (input.compartment ?? null) : null;
  return startTask(
    ctx,
    { taskKind: 'COMMAND', firmwareId: null, command: input.name, compartment, devicesPerMinute: input.devicesPerMinute },
    cabinets,
    { command: input.name, compartment },
  );
}

/** Locks a task the caller sees, of the expected kind when given. */
async function lockTask(tx: Db, ctx: Ctx, id: number, kind?: TaskRow['taskKind']): Promise<TaskRow> {
  const [task] = await tx
    .select()
    .from(deviceTasks)
    .where(and(eq(deviceTasks.id, id), taskScope(ctx), kind ? eq(deviceTasks.taskKind, kind) : undefined))
    .for('update');
  if (!task) throw new AppError('taskMissing');
  return task;
}

/** Sends the task again to its failed cabinets, at its pace from now. */
export async function retryTask(ctx: Ctx, id: number, kind?: TaskRow['taskKind']): Promise<TaskRecord> {
  await ctx.db.transaction(async (tx) => {
    const task = await lockTask(tx, ctx, id, kind);
    const again = await tx
      .update(deviceTaskDevices)
      .set({ deviceState: 'PENDING', failureKey: null, firmwareStatus: null, commandId: null, downloadToken: null, finishedAt: null })
      .where(and(eq(deviceTaskDevices.taskId, id), eq(deviceTaskDevices.deviceState, 'FAILED')))
      .returning({ id: deviceTaskDevices.id });
    if (again.length === 0) throw new AppError('taskNothingToRetry');
    await tx.update(deviceTasks).set({ taskState: 'RUNNING', finishedAt: null }).where(eq(deviceTasks.id, id));
    await queueSends(
      tx,
      id,
      again.map((d) => d.id).sort((a, b) => a - b),
      task.devicesPerMinute,
    );
    await recordAudit(tx, ctx, {
      action: 'upgradeTask.retry',
      objectType: 'upgradeTask',
      objectId: id,
      changes: { deviceCount: again.length },
    });
  });
  return readTask(ctx, id);
}

/** Stops a running task: cabinets not started are cancelled; one under way ends as it will. */
export async function stopTask(ctx: Ctx, id: number, kind?: TaskRow['taskKind']): Promise<TaskRecord> {
  await ctx.db.transaction(async (tx) => {
    const task = await lockTask(tx, ctx, id, kind);
    if (task.taskState !== 'RUNNING') throw new AppError('taskEnded');
    await cancelJobs(tx, groupOf(id));
    const cancelled = await tx
      .update(deviceTaskDevices)
      .set({ deviceState: 'CANCELLED', failureKey: 'taskStopped', finishedAt: new Date() })
      .where(and(eq(deviceTaskDevices.taskId, id), eq(deviceTaskDevices.deviceState, 'PENDING')))
      .returning({ id: deviceTaskDevices.id });
    await tx.update(deviceTasks).set({ taskState: 'STOPPED', finishedAt: new Date() }).where(eq(deviceTasks.id, id));
    await recordAudit(tx, ctx, {
      action: 'upgradeTask.cancel',
      objectType: 'upgradeTask',
      objectId: id,
      changes: { deviceCount: cancelled.length },
    });
  });
  return readTask(ctx, id);
}

/** A running task whose cabinets have all ended is finished. */
async function finishIfDone(db: Db, taskId: number): Promise<void> {
  const open = db
    .select({ one: sql`1` })
    .from(deviceTaskDevices)
    .where(and(eq(deviceTaskDevices.taskId, taskId), inArray(deviceTaskDevices.deviceState, ['PENDING', 'RUNNING'])));
  await db
    .update(deviceTasks)
    .set({ taskState: 'FINISHED', finishedAt: new Date() })
    .where(and(eq(deviceTasks.id, taskId), eq(deviceTasks.taskState, 'RUNNING'), notExists(open)));
}

/** Ends a cabinet's attempt (only while it runs: a retry or another report may have moved it on). */
async function endDevice(db: Db, device: Pick<DeviceRow, 'id' | 'taskId'>, failure: MessageKey | null): Promise<void> {
  await db
    .update(deviceTaskDevices)
    .set({ deviceState: failure ? 'FAILED' : 'SUCCEEDED', failureKey: failure, finishedAt: new Date() })
    .where(and(eq(deviceTaskDevices.id, device.id), eq(deviceTaskDevices.deviceState, 'RUNNING')));
  await finishIfDone(db, device.taskId);
}

/** The account that started the task, as the command's sender (its audit row and history name it). */
function senderOf(db: Db, task: TaskRow) {
  const principal = {
    id: task.createdById,
    username: task.createdByUsername,
    name: task.createdByName,
    merchantId: task.merchantId,
  } as Principal;
  return { db, principal, ip: task.createdIp, requestTime: null };
}

/**
 * The job of one cabinet: send the task's command, and for an update the image's short-lived link.
 * A send that breaks off ends the cabinet failed (retryable) rather than leaving it running; so does
 * a job taken up again after its server stopped mid-send (docs/firmware.md, "Tasks").
 */
async function sendToDevice(db: Db, deps: TaskDeps, deviceId: number, attempt: number): Promise<void> {
  if (attempt > 1) {
    const [left] = await db.select().from(deviceTaskDevices).where(eq(deviceTaskDevices.id, deviceId));
    if (left?.deviceState === 'RUNNING') return endDevice(db, left, 'taskSendFailed');
  }
  const commandId = randomUUID();
  const [device] = await db
    .update(deviceTaskDevices)
    .set({
      deviceState: 'RUNNING',
      attempts: sql`${deviceTaskDevices.attempts} + 1`,
      startedAt: new Date(),
      finishedAt: null,
      commandId,
    })
    .where(and(eq(deviceTaskDevices.id, deviceId), eq(deviceTaskDevices.deviceState, 'PENDING')))
    .returning();
  // Stopped, or already sent by another server.
  if (!device) return;
  try {
    await sendRunning(db, deps, device, commandId);
  } catch (error) {
    // The job fails with the send's own error, even when the database is what broke.
    await endDevice(db, device, 'taskSendFailed').catch(() => undefined);
    throw error;
  }
}

async function sendRunning(db: Db, deps: TaskDeps, device: DeviceRow, commandId: string): Promise<void> {
  const [task] = await db.select().from(deviceTasks).where(eq(deviceTasks.id, device.taskId));
  const target = await cabinetOfTask(db, device.cabinetId);
  if (!task || !target) return endDevice(db, device, 'cabinetMissing');
  const sender = senderOf(db, task);
  const commandDeps = { hub: deps.hub, timeoutMs: deps.timeoutMs };
  if (task.taskKind === 'COMMAND') {
    const sent = await sendTaskCommand(sender, commandDeps, target, {
      name: task.command as Exclude<CommandName, 'FIRMWARE_UPDATE'>,
      compartment: task.compartment,
      id: commandId,
    });
    return endDevice(db, device, sent.failure);
  }
  const firmware = await firmwareForTask({ db }, task.firmwareId!);
  const token = randomBytes(32).toString('hex');
  await db
    .update(deviceTaskDevices)
    .set({ downloadToken: token, downloadExpiresAt: new Date(Date.now() + deps.linkMs) })
    .where(eq(deviceTaskDevices.id, device.id));
  const sent = await sendTaskCommand(sender, commandDeps, target, {
    name: 'FIRMWARE_UPDATE',
    compartment: null,
    id: commandId,
    firmware: {
      version: firmware.version,
      url: `${deps.linkBase}${endpointUrl(firmwareApi.download)}?token=${token}`,
      size: firmware.fileSize,
      sha256: firmware.sha256,
    },
  });
  if (sent.failure) return endDevice(db, device, sent.failure);
  // The cabinet took the update: its /fw-status reports end it, or the deadline does.
  await enqueueJobs(db, [
    {
      queue: DEADLINE_QUEUE,
      payload: { deviceId: device.id, commandId },
      runAt: new Date(Date.now() + deps.upgradeDeadlineMs),
      maxAttempts: 1,
    },
  ]);
}

/** An update the cabinet took but never reported installed (or failed) ends failed at its deadline. */
async function endOverdueUpgrade(db: Db, deviceId: number, commandId: string): Promise<void> {
  const [device] = await db
    .select()
    .from(deviceTaskDevices)
    .where(and(eq(deviceTaskDevices.id, deviceId), eq(deviceTaskDevices.commandId, commandId)));
  if (device?.deviceState === 'RUNNING') await endDevice(db, device, 'upgradeDidNotFinish');
}

const FIRMWARE_FAILURES: Partial<Record<FirmwareStatus, MessageKey>> = {
  DownloadFailed: 'firmwareDownloadFailed',
  InstallationFailed: 'firmwareInstallFailed',
  InvalidChecksum: 'firmwareBadChecksum',
};

/**
 * A cabinet's /fw-status report (docs/device-protocol.md, "Firmware"): the status of the running
 * attempt it names; Installed ends it succeeded, a failure status failed. A report for another
 * cabinet's command, an old attempt or an ended one is ignored. Answers whether it applied.
 */
export async function applyFirmwareStatus(db: Db, cabinetNumber: string, report: FirmwareStatusReport): Promise<boolean> {
  const failure = FIRMWARE_FAILURES[report.status] ?? null;
  const ends = report.status === 'Installed' || failure !== null;
  const [device] = await db
    .update(deviceTaskDevices)
    .set({
      firmwareStatus: report.status,
      ...(ends ? { deviceState: failure ? ('FAILED' as const) : ('SUCCEEDED' as const), failureKey: failure, finishedAt: new Date() } : {}),
    })
    .where(
      and(
        eq(deviceTaskDevices.commandId, report.commandId),
        eq(deviceTaskDevices.cabinetId, cabinetIdOfNumber(cabinetNumber)),
        eq(deviceTaskDevices.deviceState, 'RUNNING'),
      ),
    )
    .returning({ taskId: deviceTaskDevices.taskId, cabinetId: deviceTaskDevices.cabinetId });
  if (device && ends) {
    await finishIfDone(db, device.taskId);
    // The cabinet's log keeps the upgrade's outcome (docs/device-protocol.md, "Device log").
    const cabinet = await cabinetOfTask(db, device.cabinetId);
    if (cabinet)
      await appendDeviceLog(db, {
        kind: 'upgrade',
        deviceKind: 'cabinet',
        deviceId: cabinet.id,
        merchantId: cabinet.merchantId,
        ...(failure
          ? { text: 'deviceLogUpgradeFailed', params: { version: report.version, detail: report.status } }
          : { text: 'deviceLogUpgradeInstalled', params: { version: report.version } }),
      });
  }
  return device !== undefined;
}

/** A device's download through its link: the image while the link lives and the attempt runs. */
export async function firmwareDownload(db: Db, token: string) {
  const [found] = await db
    .select({ fileId: firmwareFiles.fileId })
    .from(deviceTaskDevices)
    .innerJoin(deviceTasks, eq(deviceTasks.id, deviceTaskDevices.taskId))
    .innerJoin(firmwareFiles, eq(firmwareFiles.id, deviceTasks.firmwareId))
    .where(
      and(
        eq(deviceTaskDevices.downloadToken, token),
        gt(deviceTaskDevices.downloadExpiresAt, new Date()),
        eq(deviceTaskDevices.deviceState, 'RUNNING'),
      ),
    );
  const file = found ? await storedFileBytes(db, found.fileId) : undefined;
  if (!file) throw new AppError('firmwareMissing');
  return file;
}

/** The task jobs' handlers, added to the server's job queue. */
export function handleTaskJobs(jobs: JobHandlers, deps: TaskDeps): void {
  jobs.handle(SEND_QUEUE, (payload, job, db) => sendToDevice(db, deps, payload.deviceId as number, job.attempts));
  jobs.handle(DEADLINE_QUEUE, (payload, _job, db) => endOverdueUpgrade(db, payload.deviceId as number, payload.commandId as string));
}
