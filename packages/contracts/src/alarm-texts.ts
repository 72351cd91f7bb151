import type { Language } from './envelope.js';
import { MESSAGES, messageText, type MessageKey } from './messages.js';

/**
 * The demo's alarm rule texts (docs/alarms.md, "Demo data"): a rule's or an alarm's content that is
 * one of them is shown in the reader's language; an operator's own text is shown as typed.
 */
export const DEMO_ALARM_TEXTS = [
  'alarmTextBatteryOverheating',
  'alarmTextBatteryChargeLow',
  'alarmTextCellDrift',
  'alarmTextCabinetSmoke',
  'alarmTextCabinetWater',
  'alarmTextCabinetHot',
  'alarmTextCabinetOffline',
  'alarmTextCabinetSignalWeak',
  'alarmTextBatteryWarmAgent',
  'alarmTextVehicleSpeeding',
  'alarmTextSwapsFailing',
  'alarmTextNoSwappableBattery',
  'alarmTextCommandsFailing',
  'alarmTextSwapsFailingAgent',
  'alarmTextCommandsFailingAgent',
] as const satisfies readonly MessageKey[];

/** Each known text in any language, to the key it words. */
const KNOWN = new Map<string, MessageKey>(
  DEMO_ALARM_TEXTS.flatMap((key) => Object.values(MESSAGES[key].text).map((text): [string, MessageKey] => [text, key])),
);

/** An alarm content in the reader's language: a known text's words in it, any other text as it is. */
export function alarmContentText(content: string, lang: Language): string {
  const key = KNOWN.get(content);
  return key ? messageText(key, lang) : content;
}

/**
 * The content as stored: a known text in any language is kept in English (so an edit saved from a
 * reader's own language still shows in every reader's); any other text as typed.
 */
export function storedAlarmContent(content: string): string {
  const key = KNOWN.get(content);
  return key ? MESSAGES[key].text.en : content;
}

/** Every known text as stored (in English). */
export const STORED_DEMO_ALARM_TEXTS: readonly string[] = DEMO_ALARM_TEXTS.map((key) => MESSAGES[key].text.en);

/**
 * Searching by content as the reader reads it (docs/alarms.md, "Demo data"): the stored texts of the
 * known ones whose words in the reader's language hold the keyword, in any case. An operator's own
 * text is searched as typed.
 */
export function storedAlarmContentsHolding(keyword: string, lang: Language): string[] {
  const wanted = keyword.toLocaleLowerCase();
  return DEMO_ALARM_TEXTS.filter((key) => messageText(key, lang).toLocaleLowerCase().includes(wanted)).map((key) => MESSAGES[key].text.en);
}
