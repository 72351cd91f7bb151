import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import { safeText } from '../validation.js';

/**
 * A mail the server could not hand to an SMTP server (none is set, or it refused): kept in the
 * outbox, where a super administrator reads it and passes it on (docs/security.md, "Password recovery").
 */
export const mailRecord = z.object({
  id: z.number(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Why sending failed; empty when no SMTP server is set. */
  error: z.string(),
  createdAt: z.string(),
});
export type MailRecord = z.infer<typeof mailRecord>;

export const MAIL_SORTABLE = ['id', 'createdAt'] as const;
export const mailSearch = pageQuerySchema.extend({ keyword: safeText(64).optional() });
export type MailSearch = z.infer<typeof mailSearch>;

/** The mail outbox (System centre → Mail outbox): super administrators only, as its mails hold password reset links. */
export const mailApi = {
  search: endpoint({
    method: 'POST',
    path: '/admin/mail/search',
    access: { code: 'admin.mailOutbox', scope: 'super' },
    body: mailSearch,
    sortable: MAIL_SORTABLE,
    answer: pageSchema(mailRecord),
  }),
} as const;
