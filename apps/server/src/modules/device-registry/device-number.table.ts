import { pgTable, text } from 'drizzle-orm/pg-core';
import { DEVICE_KINDS } from '@swap/contracts';

/**
 * Every device number of the three kinds, kept by triggers on battery, vehicle and cabinet
 * (migration 0012). A number is a device's MQTT username and client id and keys its secret, so one
 * number names one device whatever its kind: the primary key refuses a second claim, even a
 * concurrent one.
 */
export const deviceNumbers = pgTable('device_number', {
  number: text('number').primaryKey(),
  kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
});
