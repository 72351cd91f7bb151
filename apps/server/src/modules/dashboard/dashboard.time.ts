import { DASHBOARD_TIME_ZONE } from '@swap/contracts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset east of UTC at that moment, in milliseconds. */
function offsetMs(at: Date, zone: string): number {
  let format = offsetFormats.get(zone);
  if (!format) offsetFormats.set(zone, (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) * 60_000;
}

/** The start of the hour holding `at` (hours are whole in the dashboard's zone). */
export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/** The day holding `at` in the dashboard's zone, as `YYYY-MM-DD`. */
export function dayOf(at: Date, zone = DASHBOARD_TIME_ZONE): string {
  return new Date(at.getTime() + offsetMs(at, zone)).toISOString().slice(0, 10);
}

/** The moment the day holding `at` started in the dashboard's zone. */
export function dayStartOf(at: Date, zone = DASHBOARD_TIME_ZONE): Date {
  const offset = offsetMs(at, zone);
  return new Date(Math.floor((at.getTime() + offset) / DAY_MS) * DAY_MS - offset);
}

/** `YYYY-MM-DD` moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
