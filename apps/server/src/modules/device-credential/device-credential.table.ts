import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEVICE_KINDS } from '@swap/contracts';

/**
 * One MQTT identity per device: username = device number. Only a hash of the secret is kept;
 * device secrets are long random strings, so a plain SHA-256 suffices (no password stretching).
 * brokerHash is the same secret in Mosquitto's password-file format (`$7$…`), so an external
 * Mosquitto's password file can be written from the database; null for secrets set before it existed.
 */
export const deviceCredentials = pgTable(
  'device_credential',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    number: text('number').notNull(),
    secretHash: text('secret_hash').notNull(),
    brokerHash: text('broker_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_credential_number_key').on(t.number)],
);
