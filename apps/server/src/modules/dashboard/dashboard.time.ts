import { sql } from 'drizzle-orm';
import { DASHBOARD_TIME_ZONE, TIME_ZONE_SETTING, isTimeZone } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { settingValue } from '../common-setting/index.js';

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

/**
 * The zone the dashboard counts its days in: the platform's `time_zone` setting, or Asia/Jakarta
 * while it names none the runtime knows (docs/dashboard.md, "What each figure counts").
 */
export async function dashboardZone(db: Db): Promise<string> {
  const value = (await settingValue(db, TIME_ZONE_SETTING))?.trim();
  return value && isTimeZone(value) ? value : DASHBOARD_TIME_ZONE;
}

/** The lock a change of the zone holds alone and each count of figures shares (docs/dashboard.md, "Upkeep"). */
const ZONE_LOCK = sql`hashtext('dashboard_time_zone')`;

/**
 * The zone to count days in, inside a transaction that counts figures: the zone cannot change until
 * it commits, and a change in progress is waited for.
 */
export async function zoneForCounting(tx: Db): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${ZONE_LOCK})`);
  return dashboardZone(tx);
}

/** Inside the transaction that changes the zone: waits for the counts in progress, and keeps new ones out until it commits. */
export async function lockZone(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ZONE_LOCK})`);
}

/** The start of the hour holding `at` (hours are whole in the dashboard's zone). */
export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/** The day holding `at` in the dashboard's zone, as `YYYY-MM-DD`. */
export function dayOf(at: Date, zone: string): string {
  return new Date(at.getTime() + offsetMs(at, zone)).toISOString().slice(0, 10);
}

/** The moment the day holding `at` started in the dashboard's zone. */
export function dayStartOf(at: Date, zone: string): Date {
  const offset = offsetMs(at, zone);
  return new Date(Math.floor((at.getTime() + offset) / DAY_MS) * DAY_MS - offset);
}

/** `YYYY-MM-DD` moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
