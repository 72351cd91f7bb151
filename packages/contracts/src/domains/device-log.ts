import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import type { FieldLabels } from '../language.js';
import { idParam } from '../validation.js';

/**
 * What a device's log records (docs/device-protocol.md, "Device log"): its state changes (online,
 * offline, bound, unbound), the commands sent to it and their outcomes, its alarms and its upgrades.
 */
export const DEVICE_LOG_KINDS = ['state', 'command', 'alarm', 'upgrade'] as const;
export type DeviceLogKind = (typeof DEVICE_LOG_KINDS)[number];

/**
 * Parameters of a log entry's text that are words themselves, worded in the reader's language when
 * the log is read: a parameter named here holds an enumeration value of the group (a command's
 * name, its status; a group of words/), `message` one of the message catalogue's keys (a refusal's reason),
 * `alarmContent` an alarm's content (a demo text in the reader's language, any other as typed).
 */
export const DEVICE_LOG_PARAM_WORDS: Readonly<Record<string, string>> = {
  command: 'command.name',
  status: 'command.status',
  reason: 'message',
  content: 'alarmContent',
};

/** Labels of the fields the device log brought to the product (see FIELD_LABELS). */
export const deviceLogFieldLabels = {
  deviceId: { en: 'Device', in: 'Perangkat', th: 'อุปกรณ์', zh: '设备' },
  logKind: { en: 'Entry kind', in: 'Jenis catatan', th: 'ประเภทบันทึก', zh: '记录类型' },
  logText: { en: 'What happened', in: 'Kejadian', th: 'เหตุการณ์', zh: '事件' },
} satisfies FieldLabels;

/** One entry of a device's log, worded in the caller's language. */
export const deviceLogRecord = z.object({
  id: z.number(),
  logKind: z.enum(DEVICE_LOG_KINDS),
  /** The entry in the caller's language. */
  logText: z.string(),
  at: z.string(),
});
export type DeviceLogRecord = z.infer<typeof deviceLogRecord>;

/** A device's log, newest first; logKind keeps one kind of entry. */
export const deviceLogSearch = pageQuerySchema.extend({
  deviceId: idParam,
  logKind: z.enum(DEVICE_LOG_KINDS).nullish(),
});
export type DeviceLogSearch = z.infer<typeof deviceLogSearch>;

const logOf = (kind: 'battery' | 'cabinet' | 'vehicle', code: string) =>
  endpoint({
    method: 'POST',
    path: `/${kind}/log/search`,
    access: { code },
    body: deviceLogSearch,
    answer: pageSchema(deviceLogRecord),
    sortable: [],
  });

/** Each device's log, part of its detail page, so it takes the detail's permission. */
export const deviceLogApi = {
  battery: logOf('battery', 'operation.battery.latestInfos'),
  cabinet: logOf('cabinet', 'operation.cabinet.latestInfos'),
  vehicle: logOf('vehicle', 'operation.vehicle.detail'),
} as const;
