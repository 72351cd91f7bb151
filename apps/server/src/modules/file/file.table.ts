import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Uploaded files (ID cards, face photos, firmware) live in the database so servers stay stateless. */
export const storedFiles = pgTable(
  'stored_file',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id'),
    uploadedBy: integer('uploaded_by').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_file_merchant_idx').on(t.merchantId)],
);
