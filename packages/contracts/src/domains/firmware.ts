import { z } from 'zod';
import { noAnswer, endpoint } from '../endpoint.js';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import type { FieldLabels } from '../language.js';
import { id, idQuery, int32, safeText } from '../validation.js';
import { COMMAND_NAMES, FIRMWARE_STATUSES } from '../device-link/payloads.js';
import { DEVICE_KINDS } from './device-type.js';

/**
 * Firmware files, the versions the fleet runs, upgrade tasks and commands sent to many cabinets
 * (docs/firmware.md). Upgrades and bulk commands are paced tasks of one shape: a task per request,
 * one row per cabinet with its own progress.
 */

/** The largest firmware image the server keeps (bytes). */
export const FIRMWARE_MAX_BYTES = 32 * 1024 * 1024;
/** The most cabinets one task may name. */
export const TASK_MAX_CABINETS = 20_000;
/** Devices a minute a task may go at. */
export const TASK_PACE_MAX = 1_000;

/** A firmware version: letters, digits, dots, dashes, plus and underscores (1.5.0, 2.0.0-rc1). */
export const firmwareVersionText = safeText(40)
  .min(1, { message: 'validation.required' })
  .regex(/^[0-9A-Za-z][0-9A-Za-z._+-]*$/, { message: 'validation.invalid' });

export const TASK_KINDS = ['FIRMWARE', 'COMMAND'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const TASK_STATES = ['RUNNING', 'FINISHED', 'STOPPED'] as const;
export type TaskState = (typeof TASK_STATES)[number];
/** A cabinet's place in a task: not started, under way, done, failed, or cancelled by a stop. */
export const TASK_DEVICE_STATES = ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type TaskDeviceState = (typeof TASK_DEVICE_STATES)[number];
/** The commands a task may send to many cabinets: every command of the device link but firmware (a firmware task sends that). */
export const BULK_COMMAND_NAMES = COMMAND_NAMES.filter(
  (name): name is Exclude<(typeof COMMAND_NAMES)[number], 'FIRMWARE_UPDATE'> => name !== 'FIRMWARE_UPDATE',
);

export type BulkCommandName = (typeof BULK_COMMAND_NAMES)[number];

/** Labels of the fields firmware brought to the product (see FIELD_LABELS). */
export const firmwareFieldLabels = {
  releaseNotes: { en: 'Release notes', in: 'Catatan rilis', th: 'บันทึกประจำรุ่น', zh: '版本说明' },
  fileName: { en: 'File', in: 'Berkas', th: 'ไฟล์', zh: '文件' },
  fileSize: { en: 'File size', in: 'Ukuran berkas', th: 'ขนาดไฟล์', zh: '文件大小' },
  sha256: { en: 'SHA-256', in: 'SHA-256', th: 'SHA-256', zh: 'SHA-256' },
  firmwareId: { en: 'Firmware', in: 'Firmware', th: 'เฟิร์มแวร์', zh: '固件' },
  firmwareVersion: { en: 'Firmware version', in: 'Versi firmware', th: 'เวอร์ชันเฟิร์มแวร์', zh: '固件版本' },
  firmwareStatus: { en: 'Firmware status', in: 'Status firmware', th: 'สถานะเฟิร์มแวร์', zh: '固件状态' },
  cabinetIds: { en: 'Cabinets', in: 'Kabinet', th: 'ตู้', zh: '换电柜' },
  devicesPerMinute: { en: 'Devices per minute', in: 'Perangkat per menit', th: 'อุปกรณ์ต่อนาที', zh: '每分钟设备数' },
  taskId: { en: 'Task', in: 'Tugas', th: 'งาน', zh: '任务' },
  taskKind: { en: 'Task kind', in: 'Jenis tugas', th: 'ชนิดงาน', zh: '任务类型' },
  taskState: { en: 'Task state', in: 'Status tugas', th: 'สถานะงาน', zh: '任务状态' },
  deviceState: { en: 'Progress', in: 'Kemajuan', th: 'ความคืบหน้า', zh: '进度' },
  deviceCount: { en: 'Devices', in: 'Perangkat', th: 'อุปกรณ์', zh: '设备数' },
  createdByName: { en: 'Created by', in: 'Dibuat oleh', th: 'สร้างโดย', zh: '创建人' },
} satisfies FieldLabels;

export const firmwareRecord = z.object({
  id: z.number(),
  deviceKind: z.enum(DEVICE_KINDS),
  typeId: z.number(),
  typeName: z.string(),
  version: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  sha256: z.string(),
  releaseNotes: z.string(),
  /** Devices of the type that run this version now. */
  deviceCount: z.number(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type FirmwareRecord = z.infer<typeof firmwareRecord>;

export const firmwareSearch = pageQuerySchema.extend({
  deviceKind: z.enum(DEVICE_KINDS).optional(),
  typeId: id.optional(),
  version: safeText(40).optional(),
});
export type FirmwareSearch = z.infer<typeof firmwareSearch>;

/** The text fields of the upload (sent before the file in the multipart body). */
export const firmwareUploadFields = z.object({
  typeId: z.coerce.number({ message: 'validation.required' }).pipe(id),
  version: firmwareVersionText,
  releaseNotes: safeText(2000).default(''),
});
export type FirmwareUploadFields = z.infer<typeof firmwareUploadFields>;

export const firmwareEdit = z.object({ id, releaseNotes: safeText(2000) });
export type FirmwareEdit = z.infer<typeof firmwareEdit>;

/** How many devices of a type run each version (null: not reported yet). */
export const versionRecord = z.object({
  typeId: z.number(),
  typeName: z.string(),
  deviceKind: z.enum(DEVICE_KINDS),
  version: z.string().nullable(),
  deviceCount: z.number(),
  /** A firmware file of the type holds this version. */
  hasFirmware: z.boolean(),
});
export type VersionRecord = z.infer<typeof versionRecord>;
export const versionSearch = pageQuerySchema.extend({ typeId: id.optional() });

/** One cabinet and the version it runs. */
export const versionDeviceRecord = z.object({
  id: z.number(),
  number: z.string(),
  typeName: z.string(),
  firmwareVersion: z.string().nullable(),
  online: z.boolean(),
  lastReportAt: z.string().nullable(),
});
export type VersionDeviceRecord = z.infer<typeof versionDeviceRecord>;
/** `version` absent: every cabinet of the type; empty: those that have not reported one. */
export const versionDeviceSearch = pageQuerySchema.extend({ typeId: id, version: safeText(40).optional() });

/** Which cabinets a task goes to: chosen ones, or all of a type, a station or a merchant (each narrows the others). */
const cabinetChoice = {
  cabinetIds: z.array(id).max(TASK_MAX_CABINETS, { message: 'validation.tooLong' }).optional(),
  typeId: id.optional(),
  stationId: id.optional(),
  merchantId: id.optional(),
  devicesPerMinute: int32(1, TASK_PACE_MAX).default(60),
};

export const upgradeTaskAdd = z.object({ firmwareId: id, ...cabinetChoice });
export type UpgradeTaskAdd = z.infer<typeof upgradeTaskAdd>;

export const commandTaskAdd = z.object({
  name: z.enum(BULK_COMMAND_NAMES as [BulkCommandName, ...BulkCommandName[]], { message: 'validation.required' }),
  /** For a compartment command: the compartment of every chosen cabinet. */
  compartment: int32(1, 64).optional(),
  ...cabinetChoice,
});
export type CommandTaskAdd = z.infer<typeof commandTaskAdd>;

export const taskRecord = z.object({
  id: z.number(),
  taskKind: z.enum(TASK_KINDS),
  taskState: z.enum(TASK_STATES),
  firmwareId: z.number().nullable(),
  version: z.string().nullable(),
  typeName: z.string().nullable(),
  command: z.string().nullable(),
  compartment: z.number().nullable(),
  devicesPerMinute: z.number(),
  deviceCount: z.number(),
  pending: z.number(),
  running: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  merchantId: z.number().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TaskRecord = z.infer<typeof taskRecord>;
export const taskSearch = pageQuerySchema.extend({
  /** One task (the progress drawer follows it). */
  id: id.optional(),
  taskKind: z.enum(TASK_KINDS).optional(),
  taskState: z.enum(TASK_STATES).optional(),
  version: safeText(40).optional(),
});

export const taskDeviceRecord = z.object({
  id: z.number(),
  taskId: z.number(),
  cabinetId: z.number(),
  cabinetNumber: z.string(),
  deviceState: z.enum(TASK_DEVICE_STATES),
  firmwareStatus: z.enum(FIRMWARE_STATUSES).nullable(),
  /** Why it failed, in the reader's language. */
  failureMessage: z.string().nullable(),
  attempts: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TaskDeviceRecord = z.infer<typeof taskDeviceRecord>;
export const taskDeviceSearch = pageQuerySchema.extend({ taskId: id, deviceState: z.enum(TASK_DEVICE_STATES).optional() });

/** A task with its first cabinets, for the drawer that follows a bulk command. */
export const taskDetail = taskRecord.extend({ devices: z.array(taskDeviceRecord) });
export type TaskDetail = z.infer<typeof taskDetail>;

export const firmwareApi = {
  search: endpoint({
    method: 'POST',
    path: '/upgrade/firmware/search',
    access: { code: 'updrade.firmware' },
    body: firmwareSearch,
    sortable: ['version', 'typeName', 'createdAt'],
    answer: pageSchema(firmwareRecord),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/upgrade/firmware/add',
    access: { code: 'updrade.firmware.add', scope: 'platform' },
    multipart: true,
    answer: firmwareRecord,
    summary: 'multipart/form-data: typeId, version, releaseNotes, then the image file (at most 32 MB)',
  }),
  edit: endpoint({
    method: 'POST',
    path: '/upgrade/firmware/edit',
    access: { code: 'updrade.firmware.edit', scope: 'platform' },
    body: firmwareEdit,
    answer: firmwareRecord,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/upgrade/firmware/remove',
    access: { code: 'updrade.firmware.remove', scope: 'platform' },
    body: idQuery,
    answer: noAnswer,
  }),
  /**
   * A device fetches its image with the short-lived link of its FIRMWARE_UPDATE command: no session,
   * the link's secret token is the right to it (so it lives beside sign-in, outside /api/oms).
   */
  download: endpoint({
    method: 'GET',
    base: 'auth',
    path: '/firmware/download',
    access: 'public',
    query: z.object({ token: z.string().regex(/^[0-9a-f]{64}$/, { message: 'validation.invalid' }) }),
    answer: 'file',
  }),
  versions: endpoint({
    method: 'POST',
    path: '/upgrade/version/search',
    access: { code: 'updrade.version' },
    body: versionSearch,
    answer: pageSchema(versionRecord),
  }),
  versionDevices: endpoint({
    method: 'POST',
    path: '/upgrade/version/devices',
    access: { code: 'updrade.version' },
    body: versionDeviceSearch,
    sortable: ['number', 'firmwareVersion', 'lastReportAt'],
    answer: pageSchema(versionDeviceRecord),
  }),
  upgrade: endpoint({
    method: 'POST',
    path: '/upgrade/task/add',
    access: { code: 'updrade.firmware.upgrade' },
    body: upgradeTaskAdd,
    answer: taskRecord,
  }),
  tasks: endpoint({
    method: 'POST',
    path: '/upgrade/task/search',
    access: { code: 'updrade.record' },
    body: taskSearch,
    sortable: ['createdAt'],
    answer: pageSchema(taskRecord),
  }),
  /** The records as a CSV file, with the same filters as the list (updrade.record.export). */
  exportTasks: endpoint({
    method: 'POST',
    path: '/upgrade/task/export',
    access: { code: 'updrade.record.export' },
    body: taskSearch,
    sortable: ['createdAt'],
    answer: 'csv',
  }),
  taskDevices: endpoint({
    method: 'POST',
    path: '/upgrade/task/devices',
    access: { code: 'updrade.record' },
    body: taskDeviceSearch,
    sortable: ['cabinetNumber', 'deviceState', 'startedAt'],
    answer: pageSchema(taskDeviceRecord),
  }),
  retry: endpoint({
    method: 'POST',
    path: '/upgrade/task/retry',
    access: { code: 'updrade.record.retry' },
    body: idQuery,
    answer: taskRecord,
  }),
  stop: endpoint({
    method: 'POST',
    path: '/upgrade/task/stop',
    access: { code: 'updrade.record.stop' },
    body: idQuery,
    answer: taskRecord,
  }),
  /** Commands to many cabinets, from the cabinet list (operation.cabinet, like one cabinet's commands). */
  commandTask: endpoint({
    method: 'POST',
    path: '/cabinet/command/bulk/add',
    access: { code: 'operation.cabinet' },
    body: commandTaskAdd,
    answer: taskRecord,
  }),
  commandTaskDetail: endpoint({
    method: 'GET',
    path: '/cabinet/command/bulk/detail',
    access: { code: 'operation.cabinet' },
    query: idQuery,
    answer: taskDetail,
  }),
  commandTaskRetry: endpoint({
    method: 'POST',
    path: '/cabinet/command/bulk/retry',
    access: { code: 'operation.cabinet' },
    body: idQuery,
    answer: taskRecord,
  }),
  commandTaskStop: endpoint({
    method: 'POST',
    path: '/cabinet/command/bulk/stop',
    access: { code: 'operation.cabinet' },
    body: idQuery,
    answer: taskRecord,
  }),
} as const;
