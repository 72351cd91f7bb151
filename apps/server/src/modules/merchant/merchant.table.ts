import { bigint, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const merchants = pgTable(
  'merchant',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    type: text('type', { enum: ['AGENT', 'DIRECT'] }).notNull(),
    personInCharge: text('person_in_charge').notNull(),
    contact: text('contact').notNull(),
    officeAddress: text('office_address').notNull(),
    idCardFrontFileId: bigint('id_card_front_file_id', { mode: 'number' }),
    idCardBackFileId: bigint('id_card_back_file_id', { mode: 'number' }),
    facePhotoFileId: bigint('face_photo_file_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('merchant_created_idx').on(t.createdAt)],
);
