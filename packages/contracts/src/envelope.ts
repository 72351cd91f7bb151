import { z } from 'zod';
import { INT32_MAX, cleanString } from './validation.js';

export { DEFAULT_LANGUAGE, LANGUAGES, RTL_LANGUAGES, isLanguage, type Language } from './language.js';

/** Envelope code meaning success; any other code is a failure listed in the message catalogue. */
export const SUCCESS_CODE = 1;

/** Envelope codes that end the session: the web opens the "Tip" dialog and signs out. */
export const SESSION_ENDING_CODES = [401, 405, 406, 407] as const;

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

/** Paging (docs/api.md): page size 20 and first page 1 by default. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

export const pageQuerySchema = z.object({
  current: z.coerce.number().int().min(1).max(INT32_MAX, { message: 'validation.tooLarge' }).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.object({ field: cleanString().max(40), order: z.enum(['ascend', 'descend']) }).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });
}

/** Request timeout of every call. */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Header names (docs/api.md, "Headers"). */
export const TOKEN_HEADER = 'auth-token';
export const TOKEN_HEADER_ALT = 'AUTH_TOKEN';
export const LANGUAGE_HEADER = 'Language';
export const REQUEST_TIME_HEADER = 'request-time';
/** The caller's IANA time zone (`Asia/Jakarta`): a CSV export writes its times in it (UTC without it). */
export const TIME_ZONE_HEADER = 'Time-Zone';

/** Base paths (docs/api.md, "Base paths"). */
export const AUTH_BASE = '/api/auth';
export const OMS_BASE = '/api/oms';
/** Payment gateways' calls (the payment callback): public, each signed by its gateway. */
export const PAY_BASE = '/api/pay';
