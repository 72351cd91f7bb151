import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** One currency per tenant: the platform's row (merchantId null) is the default for everyone. */
export const currencyConfigs = pgTable(
  'currency_config',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id'),
    currency: text('currency', { enum: ['IDR', 'KES', 'THB', 'MYR', 'VND', 'USD'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('currency_config_tenant_key').on(sql`coalesce(${t.merchantId}, 0)`)],
);
