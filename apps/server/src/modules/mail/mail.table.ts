import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mails the server could not hand to an SMTP server (none set, or it refused): a super
 * administrator reads them in the system centre and passes them on (docs/security.md,
 * "Password recovery").
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  error: text('error').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
