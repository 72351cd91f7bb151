import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { COUNTRY_CODES } from '@swap/contracts';

/** Notifications a tenant addresses to the app users of a country; merchant_id is null for the platform's. */
export const notifications = pgTable(
  'notification',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    countryCode: text('country_code', { enum: COUNTRY_CODES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('notification_created_idx').on(t.createdAt),
    index('notification_country_created_idx').on(t.countryCode, t.createdAt),
  ],
);
