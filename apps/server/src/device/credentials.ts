import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DeviceKind } from '@swap/contracts';
import type { Db } from '../db/client.js';
import { batteries } from '../modules/battery/index.js';
import { cabinets } from '../modules/cabinet/index.js';
import { vehicles } from '../modules/vehicle/index.js';
import { deviceCredentials } from './device-credential.table.js';

export interface DeviceIdentity {
  kind: DeviceKind;
  number: string;
}

const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/**
 * The demo fleet's secret of one device: HMAC-SHA256(DEVICE_DEMO_SECRET, number), base64url.
 * The simulator derives the same value, so neither side stores or ships a list of secrets.
 */
export function demoDeviceSecret(master: string, number: string): string {
  return createHmac('sha256', master).update(number, 'utf8').digest('base64url');
}

/** The hub channel announcing that a device's secret was replaced: its broker session must end. */
export const DEVICE_CREDENTIAL_CHANNEL = 'credential';

/** Sets (or replaces) the secret of one device; answers when the secret took effect. */
export async function setDeviceSecret(db: Db, device: DeviceIdentity, secret: string): Promise<Date> {
  const secretHash = hashOf(secret);
  const [row] = await db
    .insert(deviceCredentials)
    .values({ ...device, secretHash })
    .onConflictDoUpdate({ target: deviceCredentials.number, set: { kind: device.kind, secretHash, updatedAt: new Date() } })
    .returning({ updatedAt: deviceCredentials.updatedAt });
  return row!.updatedAt;
}

/** The device signing in, or null for an unknown number or a wrong secret (constant-time compare). */
export async function verifyDevice(db: Db, number: string, secret: string): Promise<DeviceIdentity | null | 'unknown'> {
  const [row] = await db
    .select({ kind: deviceCredentials.kind, number: deviceCredentials.number, secretHash: deviceCredentials.secretHash })
    .from(deviceCredentials)
    .where(eq(deviceCredentials.number, number));
  if (!row) return 'unknown';
  const expected = Buffer.from(row.secretHash, 'hex');
  const given = Buffer.from(hashOf(secret), 'hex');
  return timingSafeEqual(expected, given) ? { kind: row.kind, number: row.number } : null;
}

/** Credentials of every demo device from the master secret: one upsert per kind, re-run safe. */
export async function seedDemoDeviceCredentials(db: Db, master: string): Promise<void> {
  const kinds = [
    ['cabinet', cabinets],
    ['battery', batteries],
    ['vehicle', vehicles],
  ] as const;
  for (const [kind, table] of kinds) {
    const rows = await db.select({ number: table.number }).from(table);
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map(({ number }) => ({ kind, number, secretHash: hashOf(demoDeviceSecret(master, number)) }));
      await db
        .insert(deviceCredentials)
        .values(values)
        .onConflictDoUpdate({
          target: deviceCredentials.number,
          set: { kind: sql`excluded.kind`, secretHash: sql`excluded.secret_hash`, updatedAt: new Date() },
        });
    }
  }
}
