import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DeviceKind } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { deviceNumbersOfKind } from '../device-registry/index.js';
import { deviceCredentials } from './device-credential.table.js';

export interface DeviceIdentity {
  kind: DeviceKind;
  number: string;
}

/** Mosquitto 2's password hash ($7$): PBKDF2-HMAC-SHA512, 101 rounds, 12-byte salt, as mosquitto_passwd writes it. */
export function mosquittoPasswordHash(password: string, salt: Buffer = randomBytes(12)): string {
  const hash = pbkdf2Sync(password, salt, 101, 64, 'sha512');
  return `$7$101$${salt.toString('base64')}$${hash.toString('base64')}`;
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

/**
 * Sets (or replaces) the secret of one device; answers when the secret took effect. Besides the
 * hash the embedded broker checks, it keeps the secret's Mosquitto hash for an external Mosquitto's
 * password file (the plaintext is at hand only now).
 */
export async function setDeviceSecret(db: Db, device: DeviceIdentity, secret: string): Promise<Date> {
  const secretHash = hashOf(secret);
  const brokerHash = mosquittoPasswordHash(secret);
  const [row] = await db
    .insert(deviceCredentials)
    .values({ ...device, secretHash, brokerHash })
    .onConflictDoUpdate({ target: deviceCredentials.number, set: { kind: device.kind, secretHash, brokerHash, updatedAt: new Date() } })
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

/**
 * Credentials of every demo device from the master secret: one upsert per 500 devices, re-run safe.
 * A device whose credential already matches (same kind and secret, Mosquitto hash kept) is left as
 * it is, so a restart spends no time on the Mosquitto hashes (about 0.1 ms each) and keeps issue times.
 */
export async function seedDemoDeviceCredentials(db: Db, master: string): Promise<void> {
  for (const kind of ['cabinet', 'battery', 'vehicle'] as const) {
    const numbers = await deviceNumbersOfKind(db, kind);
    for (let i = 0; i < numbers.length; i += 500) {
      const wanted = numbers.slice(i, i + 500).map((number) => {
        const secret = demoDeviceSecret(master, number);
        return { number, secret, secretHash: hashOf(secret) };
      });
      const current = await db
        .select({ number: deviceCredentials.number, secretHash: deviceCredentials.secretHash })
        .from(deviceCredentials)
        .where(
          and(
            inArray(
              deviceCredentials.number,
              wanted.map((w) => w.number),
            ),
            eq(deviceCredentials.kind, kind),
            isNotNull(deviceCredentials.brokerHash),
          ),
        );
      const upToDate = new Map(current.map((row) => [row.number, row.secretHash]));
      const values = wanted
        .filter((w) => upToDate.get(w.number) !== w.secretHash)
        .map((w) => ({ kind, number: w.number, secretHash: w.secretHash, brokerHash: mosquittoPasswordHash(w.secret) }));
      if (!values.length) continue;
      await db
        .insert(deviceCredentials)
        .values(values)
        .onConflictDoUpdate({
          target: deviceCredentials.number,
          set: {
            kind: sql`excluded.kind`,
            secretHash: sql`excluded.secret_hash`,
            brokerHash: sql`excluded.broker_hash`,
            updatedAt: new Date(),
          },
        });
    }
  }
}

/** One page of stored Mosquitto hashes, by number after `after`, for an external Mosquitto's password file. */
export async function brokerHashesAfter(db: Db, after: string, limit: number): Promise<{ number: string; brokerHash: string }[]> {
  const rows = await db
    .select({ number: deviceCredentials.number, brokerHash: deviceCredentials.brokerHash })
    .from(deviceCredentials)
    .where(and(isNotNull(deviceCredentials.brokerHash), gt(deviceCredentials.number, after)))
    .orderBy(asc(deviceCredentials.number))
    .limit(limit);
  return rows.map((row) => ({ number: row.number, brokerHash: row.brokerHash! }));
}

/** How many secrets were set before their Mosquitto hash was kept (those devices cannot sign in to an external Mosquitto). */
export async function countWithoutBrokerHash(db: Db): Promise<number> {
  const [missing] = await db.select({ n: count() }).from(deviceCredentials).where(isNull(deviceCredentials.brokerHash));
  return missing?.n ?? 0;
}
