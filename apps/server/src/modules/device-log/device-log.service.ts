import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  DEVICE_LOG_PARAM_WORDS,
  alarmContentText,
  MESSAGES,
  deviceLogApi,
  enumWord,
  isEnumGroup,
  messageText,
  type DeviceKind,
  type DeviceLogKind,
  type DeviceLogRecord,
  type Language,
  type MessageKey,
} from '@swap/contracts';
import type { Ctx } from '../../app/context.js';
import { handOver } from '../../app/hand-over.js';
import { defineList } from '../../app/list.js';
import type { Db } from '../../db/client.js';
import { deviceLogs } from './device-log.table.js';

/** One entry of a device's log, as the modules that saw it happen append it. */
export interface DeviceLogEntry {
  kind: DeviceLogKind;
  deviceKind: DeviceKind;
  deviceId: number;
  /** The device's owner when it happened (null: the platform's own device). */
  merchantId: number | null;
  /** The words of the entry: a message key (its text may name the parameters, `{name}`). */
  text: MessageKey;
  /** Values for the text; those named in DEVICE_LOG_PARAM_WORDS are worded in the reader's language. */
  params?: Record<string, string | number | null | undefined>;
  /** When it happened (default: now). */
  at?: Date;
}

/** A parameter is kept short and printable: the log is read by people, and jsonb holds no NUL. */
const PARAM_MAX = 200;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

function cleanParams(params: DeviceLogEntry['params']): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'number') out[name] = Number.isFinite(value) ? value : String(value);
    else out[name] = value.replace(CONTROL, ' ').slice(0, PARAM_MAX);
  }
  return out;
}

/**
 * Appends entries to devices' logs, in the caller's transaction when it passes one (so an entry
 * stands or falls with the change it records). Any module may call it: the device link for state
 * changes, the command module for commands, the alarm and upgrade modules for theirs.
 */
export async function appendDeviceLog(db: Db, entries: DeviceLogEntry | readonly DeviceLogEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? (entries as readonly DeviceLogEntry[]) : [entries as DeviceLogEntry];
  if (list.length === 0) return;
  await deviceLogInsert(db, list);
}

/**
 * The insert of entries (at least one) as a piece of a caller's statement, e.g. a CTE beside the
 * change it records: one round trip for both (docs/scaling.md, "The embedded database in its own
 * thread").
 */
export function deviceLogInsert(db: Db, list: readonly DeviceLogEntry[]) {
  return db.insert(deviceLogs).values(
    list.map((entry) => ({
      deviceKind: entry.deviceKind,
      deviceId: entry.deviceId,
      merchantId: entry.merchantId,
      kind: entry.kind,
      textKey: entry.text,
      params: cleanParams(entry.params),
      at: entry.at ?? new Date(),
    })),
  );
}

/**
 * Entries a caller's statement selects, as one piece of that statement (so they stand or fall with
 * the change they record, without a round trip of their own): `rows` selects device_kind,
 * device_id, merchant_id, kind, text_key, params (jsonb) and at, in that order.
 */
export function insertDeviceLogRows(rows: SQL): SQL {
  return sql`insert into ${deviceLogs} (device_kind, device_id, merchant_id, kind, text_key, params, at) ${rows}`;
}

/** An entry's text in the reader's language; a key the catalogue no longer has is shown as it is. */
export function deviceLogText(key: string, params: Record<string, string | number>, lang: Language): string {
  if (!Object.hasOwn(MESSAGES, key)) return key;
  const worded: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    const group = DEVICE_LOG_PARAM_WORDS[name];
    if (group === 'message' && typeof value === 'string' && Object.hasOwn(MESSAGES, value))
      worded[name] = messageText(value as MessageKey, lang);
    else if (group === 'alarmContent') worded[name] = alarmContentText(String(value), lang);
    else if (group && group !== 'message' && isEnumGroup(group)) worded[name] = enumWord(group, String(value), lang);
    else worded[name] = value;
  }
  return messageText(key as MessageKey, lang, worded);
}

/** Whether the caller may see the device (its "does not exist" otherwise), by kind: the device modules answer. */
export type VisibleDevice = (ctx: Ctx, id: number) => Promise<{ id: number }>;
const devices = handOver<Record<DeviceKind, VisibleDevice>>('device log: the battery, cabinet and vehicle visibility');
/** The registry tells the log how each kind checks that the caller may see a device. */
export const tellDeviceLogDevices = devices.tell;

type Row = typeof deviceLogs.$inferSelect;

function present(row: Row, ctx: Ctx): DeviceLogRecord {
  return { id: row.id, logKind: row.kind, logText: deviceLogText(row.textKey, row.params, ctx.lang), at: row.at.toISOString() };
}

const WITHIN_DEVICE = 'Always within one device’s log, which its (device_kind, device_id, kind, at, id) index serves.';

function logList(kind: DeviceKind) {
  return defineList({
    endpoint: deviceLogApi[kind],
    table: deviceLogs,
    id: deviceLogs.id,
    select: getTableColumns(deviceLogs),
    scope: () => eq(deviceLogs.deviceKind, kind),
    parent: async (ctx, query): Promise<SQL> => {
      const device = await devices.get()[kind](ctx, query.deviceId);
      return and(eq(deviceLogs.deviceKind, kind), eq(deviceLogs.deviceId, device.id))!;
    },
    filters: {
      deviceId: 'parent',
      logKind: { where: (logKind) => eq(deviceLogs.kind, logKind), unindexed: WITHIN_DEVICE },
    },
    defaultOrder: () => ({ column: deviceLogs.at, direction: 'desc' }),
    count: 'exact',
    present: (row: Row, ctx: Ctx) => present(row, ctx),
  });
}

/** Each kind's device log, newest first, within one device the caller may see. */
export const deviceLogLists = {
  battery: logList('battery'),
  cabinet: logList('cabinet'),
  vehicle: logList('vehicle'),
};
