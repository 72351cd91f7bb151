import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { safeText } from '../validation.js';

export const auditLogRecord = z.object({
  id: z.number(),
  at: z.string(),
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
export const auditLogSearch = pageQuerySchema.extend({
  username: safeText(64).optional(),
  action: safeText(80).optional(),
  objectType: safeText(60).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
