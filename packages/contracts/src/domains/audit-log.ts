import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { safeText } from '../validation.js';

export const auditLogRecord = z.object({
  id: z.number(),
  at: z.string(),
  /** The client's request-time header, when it sent one. */
  requestTime: z.string().nullable(),
  accountId: z.number().nullable(),
  username: z.string(),
  merchantId: z.number().nullable(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  changes: z.unknown(),
  ip: z.string(),
  success: z.boolean(),
});
export type AuditLogRecord = z.infer<typeof auditLogRecord>;
/** username and action match part of the value, objectType the whole; from/to bound `at` (ISO, inclusive). */
export const auditLogSearch = pageQuerySchema.extend({
  username: safeText(64).nullish(),
  action: safeText(80).nullish(),
  objectType: safeText(60).nullish(),
  from: z.iso.datetime({ offset: true }).nullish(),
  to: z.iso.datetime({ offset: true }).nullish(),
});
export type AuditLogSearch = z.infer<typeof auditLogSearch>;
