import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { COMMAND_STATUSES } from '@swap/contracts';
import { accountIdColumn } from '../account/index.js';
import { batteries } from '../battery/battery.table.js';
import { cabinets } from '../cabinet/cabinet.table.js';

/** Remote commands to cabinets and their lifecycle (docs/device-protocol.md, Commands). */
export const deviceCommands = pgTable(
  'device_command',
  {
    /** The id the device sees: it ignores a command whose id it has already seen. */
    id: uuid('id').primaryKey(),
    cabinetId: integer('cabinet_id')
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    /** Set when the command was sent from the battery's page. */
    batteryId: integer('battery_id').references(() => batteries.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    compartment: integer('compartment'),
    status: text('status', { enum: COMMAND_STATUSES }).notNull(),
    failureCode: text('failure_code'),
    detail: text('detail'),
    issuedById: accountIdColumn('issued_by_id'),
    issuedByName: text('issued_by_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One outstanding command per cabinet, race-safe across requests and server instances.
    uniqueIndex('device_command_outstanding_key')
      .on(t.cabinetId)
      .where(sql`${t.status} in ('QUEUED', 'SENT', 'ACCEPTED')`),
    // The expiry sweep walks only outstanding commands.
    index('device_command_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('QUEUED', 'SENT', 'ACCEPTED')`),
    index('device_command_cabinet_idx').on(t.cabinetId, t.issuedAt),
    // The business alarm rules read the commands finished within their window (docs/alarms.md).
    index('device_command_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.finishedAt} is not null`),
    index('device_command_battery_idx')
      .on(t.batteryId, t.issuedAt)
      .where(sql`${t.batteryId} is not null`),
  ],
);
