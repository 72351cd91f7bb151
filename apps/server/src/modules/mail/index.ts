import type { FastifyInstance } from 'fastify';
import { getTableColumns } from 'drizzle-orm';
import { mailApi, type MailRecord } from '@swap/contracts';
import type { Db } from '../../db/client.js';
import { defineList } from '../../app/list.js';
import { anyContains } from '../../app/pagination.js';
import { serve } from '../../app/route.js';
import { mailOutbox } from './mail.table.js';

export { sendMail, type Mail } from './mail.service.js';

/** System centre → Mail outbox, newest first. */
const mailList = defineList({
  endpoint: mailApi.search,
  table: mailOutbox,
  id: mailOutbox.id,
  select: getTableColumns(mailOutbox),
  scope: () => undefined,
  filters: {
    keyword: {
      where: (keyword) => anyContains([mailOutbox.recipient, mailOutbox.subject], keyword),
      unindexed: 'Part of a recipient or subject: the outbox holds the few mails no SMTP server took, read in full.',
    },
  },
  defaultOrder: () => ({ column: mailOutbox.createdAt, direction: 'desc' }),
  count: 'exact',
  present: (row: typeof mailOutbox.$inferSelect): MailRecord => ({
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  }),
});

/** System centre → Mail outbox (/system/mail/outbox): super administrators only. */
export function registerMailRoutes(app: FastifyInstance): void {
  serve(app, mailApi.search, ({ input, ctx }) => mailList.search(ctx, input));
}

/** Demo mails in the outbox: reset links of the demo accounts asked for while no SMTP server was set, and one an SMTP server refused; once. */
export async function seedDemoMail(db: Db): Promise<void> {
  const [any] = await db.select({ id: mailOutbox.id }).from(mailOutbox).limit(1);
  if (any) return;
  const hour = 3600_000;
  const link = (token: string) => `http://localhost:8080/session/reset-password?token=${token}`;
  const body = (name: string, token: string) =>
    `Hello ${name},\n\nA new password was asked for the account ${name}. Open this link within 30 minutes to choose one:\n\n${link(token)}\n\n` +
    'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.\n';
  const rows: { recipient: string; body: string; error: string; hoursAgo: number }[] = [
    { recipient: 'subaccount', body: body('subaccount', 'demo-link-expired-subaccount-0000000000000'), error: '', hoursAgo: 50 },
    {
      recipient: 'merchant <merchant@demo-agent.example>',
      body: body('merchant', 'demo-link-expired-merchant-00000000000000'),
      error: 'Connection timeout',
      hoursAgo: 26,
    },
    { recipient: 'merchant', body: body('merchant', 'demo-link-expired-merchant-11111111111111'), error: '', hoursAgo: 3 },
  ];
  await db.insert(mailOutbox).values(
    rows.map((row) => ({
      recipient: row.recipient,
      subject: 'Reset your password',
      body: row.body,
      error: row.error,
      createdAt: new Date(Date.now() - row.hoursAgo * hour),
    })),
  );
}
