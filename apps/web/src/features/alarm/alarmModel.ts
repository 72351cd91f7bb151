import {
  ALARM_DEVICE_KINDS,
  ALARM_KINDS,
  BUSINESS_CONDITIONS,
  ALARM_LEVELS,
  ALARM_NOTIFICATIONS,
  ALARM_PARAMETERS,
  ALARM_PARAMETERS_OF,
  ALARM_STATES,
  type AlarmDeviceKind,
} from '@swap/contracts';
import type { StatusMap } from '../../shared/StatusTag';
import type { SearchOption } from '../../shared/table';

/** The words of an enumeration value as a choice (the contracts' `<group>.<VALUE>` keys). */
const choices = (group: string, values: readonly string[]): SearchOption[] =>
  values.map((value) => ({ value, labelKey: `${group}.${value}` }));

export const LEVEL_OPTIONS = choices('alarm.level', ALARM_LEVELS);
export const KIND_OPTIONS = choices('alarm.kind', ALARM_DEVICE_KINDS);
/** Every kind an alarm record has, business alarms included. */
export const RECORD_KIND_OPTIONS = choices('alarm.kind', ALARM_KINDS);
export const CONDITION_OPTIONS = choices('alarm.parameter', BUSINESS_CONDITIONS);
export const STATE_OPTIONS = choices('alarm.state', ALARM_STATES);
export const NOTIFICATION_OPTIONS = choices('alarm.notification', ALARM_NOTIFICATIONS);
export const PARAMETER_OPTIONS = choices('alarm.parameter', ALARM_PARAMETERS);
/** The parameters a kind reports, as choices (all of them before a kind is chosen). */
export const parameterOptions = (kind: AlarmDeviceKind | undefined): SearchOption[] =>
  kind ? choices('alarm.parameter', ALARM_PARAMETERS_OF[kind]) : PARAMETER_OPTIONS;

export const LEVEL_STATUS: StatusMap = {
  LOW: { meaning: 'processing', labelKey: 'alarm.level.LOW' },
  MEDIUM: { meaning: 'warning', labelKey: 'alarm.level.MEDIUM' },
  HIGH: { meaning: 'error', labelKey: 'alarm.level.HIGH' },
};

export const STATE_STATUS: StatusMap = {
  OPEN: { meaning: 'error', labelKey: 'alarm.state.OPEN' },
  ACKNOWLEDGED: { meaning: 'warning', labelKey: 'alarm.state.ACKNOWLEDGED' },
  CLEARED: { meaning: 'success', labelKey: 'alarm.state.CLEARED' },
};

/** The kinds whose alarms have a page of their own, and the alarm screen's code it needs. */
export const ALARM_DETAIL_CODE = { battery: 'alarm.battery', cabinet: 'alarm.cabinet' } as const;
export type DetailKind = keyof typeof ALARM_DETAIL_CODE;

/** A battery's or cabinet's alarm page (`/product/device/<kind>/detail?id=`). */
export function alarmDetailPath(kind: DetailKind, id: number): string {
  return `/product/device/${kind}/detail?id=${id}`;
}

/** The kind's alarm list, where the detail page's Back leads. */
export function alarmListPath(kind: DetailKind): string {
  return `/product/device/${kind}/list`;
}
