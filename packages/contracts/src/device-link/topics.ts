import { DEVICE_NUMBER_PATTERN } from '../domains/stock.js';
import type { DeviceKind } from '../domains/device-type.js';

/** Root of every device topic; the version segment lets a v2 protocol run beside v1. */
export const TOPIC_ROOT = 'bss/v1';

/** Channels of a cabinet, each its own topic under bss/v1/cabinet/{no}/. */
export const CABINET_CHANNELS = ['state', 'telemetry', 'event', 'cmd', 'cmd-result', 'fw-status', 'authorize', 'authorize-result'] as const;
export type CabinetChannel = (typeof CABINET_CHANNELS)[number];

/** Channels each kind of device publishes (uplink); cabinets also subscribe to their `cmd`. */
export const DEVICE_UPLINK: Record<DeviceKind, readonly string[]> = {
  cabinet: ['state', 'telemetry', 'event', 'cmd-result', 'fw-status', 'authorize'],
  battery: ['telemetry', 'backlog'],
  vehicle: ['telemetry', 'backlog'],
};
export const DEVICE_DOWNLINK: Record<DeviceKind, readonly string[]> = {
  cabinet: ['cmd', 'authorize-result'],
  battery: [],
  vehicle: [],
};

function checkedNumber(no: string): string {
  if (!DEVICE_NUMBER_PATTERN.test(no)) throw new Error(`Not a device number: ${no}`);
  return no;
}

export function cabinetTopic(no: string, channel: CabinetChannel): string {
  return `${TOPIC_ROOT}/cabinet/${checkedNumber(no)}/${channel}`;
}
export function batteryTelemetryTopic(no: string): string {
  return `${TOPIC_ROOT}/battery/${checkedNumber(no)}/telemetry`;
}
export function vehicleTelemetryTopic(no: string): string {
  return `${TOPIC_ROOT}/vehicle/${checkedNumber(no)}/telemetry`;
}
/** Where a vehicle or a battery uploads the readings it stored while it had no link. */
export function backlogTopic(kind: 'battery' | 'vehicle', no: string): string {
  return `${TOPIC_ROOT}/${kind}/${checkedNumber(no)}/backlog`;
}

export interface DeviceTopic {
  readonly kind: DeviceKind;
  readonly number: string;
  readonly channel: string;
}

const KINDS: readonly string[] = ['cabinet', 'battery', 'vehicle'];

/**
 * Topics split before, by their text: every message of a device names the same few topics, and the
 * ingest path splits each message's topic twice (the broker's check, the gateway). Emptied when it
 * holds TOPICS_KEPT, so no run of made-up topics grows it.
 */
const splitTopics = new Map<string, DeviceTopic | null>();
const TOPICS_KEPT = 50_000;

/** Splits a device topic; null for anything that is not exactly bss/v1/{kind}/{no}/{channel} of a known channel. */
export function parseDeviceTopic(topic: string): DeviceTopic | null {
  let parsed = splitTopics.get(topic);
  if (parsed === undefined) {
    parsed = splitDeviceTopic(topic);
    if (splitTopics.size >= TOPICS_KEPT) splitTopics.clear();
    splitTopics.set(topic, parsed === null ? null : Object.freeze(parsed));
  }
  return parsed;
}

function splitDeviceTopic(topic: string): DeviceTopic | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || `${parts[0]}/${parts[1]}` !== TOPIC_ROOT) return null;
  const [, , kind, number, channel] = parts as [string, string, string, string, string];
  if (!KINDS.includes(kind) || !DEVICE_NUMBER_PATTERN.test(number)) return null;
  const deviceKind = kind as DeviceKind;
  if (!DEVICE_UPLINK[deviceKind].includes(channel) && !DEVICE_DOWNLINK[deviceKind].includes(channel)) return null;
  return { kind: deviceKind, number, channel };
}
