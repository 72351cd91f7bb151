import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { DEVICE_KINDS, FIRMWARE_STATUSES, TASK_DEVICE_STATES, TASK_KINDS, TASK_STATES } from '@swap/contracts';
import { merchantIdColumn } from '../merchant/index.js';
import { deviceTypes } from '../device-type/device-type.table.js';
import { storedFiles } from '../file/file.table.js';
import { cabinets } from '../cabinet/cabinet.table.js';

/** Firmware images per device type and version (docs/firmware.md); the bytes are a stored file. */
export const firmwareFiles = pgTable(
  'firmware_file',
  {
    id: serial('id').primaryKey(),
    deviceKind: text('device_kind', { enum: DEVICE_KINDS }).notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => deviceTypes.id),
    version: text('version').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    sha256: text('sha256').notNull(),
    releaseNotes: text('release_notes').notNull().default(''),
    createdById: integer('created_by_id').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One image per type and version: a second upload of the version is refused.
    uniqueIndex('firmware_file_version_key').on(t.typeId, t.version),
    index('firmware_file_kind_idx').on(t.deviceKind, t.createdAt, t.id),
    index('firmware_file_created_idx').on(t.createdAt, t.id),
  ],
);

/** An upgrade task or a command to many cabinets: what is sent, at which pace, by whom. */
export const deviceTasks = pgTable(
  'device_task',
  {
    id: serial('id').primaryKey(),
    taskKind: text('task_kind', { enum: TASK_KINDS }).notNull(),
    taskState: text('task_state', { enum: TASK_STATES }).notNull().default('RUNNING'),
    firmwareId: integer('firmware_id').references(() => firmwareFiles.id, { onDelete: 'restrict' }),
    command: text('command'),
    compartment: integer('compartment'),
    devicesPerMinute: integer('devices_per_minute').notNull(),
    /** The tenant of the account that started it (null: the platform's staff). */
    merchantId: merchantIdColumn(),
    createdById: integer('created_by_id').notNull(),
    createdByUsername: text('created_by_username').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdIp: text('created_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('device_task_created_idx').on(t.createdAt, t.id),
    index('device_task_merchant_idx').on(t.merchantId, t.createdAt, t.id),
    index('device_task_kind_idx').on(t.taskKind, t.createdAt, t.id),
    index('device_task_state_idx').on(t.taskState, t.createdAt, t.id),
    index('device_task_firmware_idx')
      .on(t.firmwareId)
      .where(sql`${t.firmwareId} is not null`),
  ],
);

/** One cabinet of a task and how far it got. */
export const deviceTaskDevices = pgTable(
  'device_task_device',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => deviceTasks.id, { onDelete: 'cascade' }),
    cabinetId: integer('cabinet_id')
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    deviceState: text('device_state', { enum: TASK_DEVICE_STATES }).notNull().default('PENDING'),
    /** The last OCPP firmware status the cabinet reported for this task's command. */
    firmwareStatus: text('firmware_status', { enum: FIRMWARE_STATUSES }),
    /** The catalogue message of its failure. */
    failureKey: text('failure_key'),
    attempts: integer('attempts').notNull().default(0),
    /** The command of its latest attempt; /fw-status reports name it. */
    commandId: uuid('command_id'),
    /** The short-lived secret of its download link (docs/firmware.md, "Download links"). */
    downloadToken: text('download_token'),
    downloadExpiresAt: timestamp('download_expires_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('device_task_device_key').on(t.taskId, t.cabinetId),
    index('device_task_device_state_idx').on(t.taskId, t.deviceState, t.id),
    index('device_task_device_command_idx')
      .on(t.commandId)
      .where(sql`${t.commandId} is not null`),
    uniqueIndex('device_task_device_token_key')
      .on(t.downloadToken)
      .where(sql`${t.downloadToken} is not null`),
  ],
);
