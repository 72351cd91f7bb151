import { MESSAGES, enumWord, type EnumGroup, type Language, type MessageKey } from '@swap/contracts';

/**
 * A placeholder holding a value of an enumeration (an order's status, say): the answer writes it in
 * the caller's words, as the screens show it, never as its code (docs/api.md, "Envelope").
 */
export interface WordedValue {
  readonly enumGroup: EnumGroup;
  readonly value: string;
}

export const worded = (enumGroup: EnumGroup, value: string): WordedValue => ({ enumGroup, value });

export type MessageParams = Record<string, string | number | WordedValue>;

/** The placeholders with every worded value written in the language. */
export function paramsIn(params: MessageParams | undefined, lang: Language): Record<string, string | number> | undefined {
  if (!params) return undefined;
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params))
    out[name] = typeof value === 'object' ? enumWord(value.enumGroup, value.value, lang) : value;
  return out;
}

/** A failure the client should see: a catalogue message, optional placeholders and data. */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: MessageParams,
    readonly data: unknown = null,
  ) {
    super(key);
  }

  get httpStatus(): number {
    return MESSAGES[this.key].http;
  }
}

export const notFound = () => new AppError('recordNotFound');
export const noAuthority = () => new AppError('noAuthority');

/** PostgreSQL's unique-violation, whichever driver or wrapper raised it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Socket failures on the way to the database, and PostgreSQL's own "cannot serve now" states. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
/** What node-postgres says when a connection ends under it or cannot be had in time. */
const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|not queryable/i;

/**
 * The database cannot be reached now (down, restarting, unreachable): the request may succeed
 * later, so it answers 503, not 500. Whichever driver or wrapper raised it.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object') {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
      if (current instanceof Error && UNAVAILABLE_TEXT.test(current.message)) return true;
      if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A field holding text the database cannot store (NUL, an unpaired surrogate), anywhere in a request:
 * answered as illegalParameter with the field's message.
 */
export class IllegalTextError extends Error {
  constructor(readonly field: string) {
    super(`illegal text in ${field}`);
  }
}

/**
 * PostgreSQL data exceptions only bad input causes (untranslatable character, invalid byte sequence,
 * numeric out of range, invalid text representation, too long, bad or out-of-range date/time).
 * The contracts refuse such input first; these answer 400 should any still reach the database.
 */
const BAD_INPUT_STATES = new Set(['22P05', '22021', '22003', '22P02', '22001', '22007', '22008']);

export function isBadInputError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && BAD_INPUT_STATES.has(String(current.code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The constraint a unique violation names (driver error or its wrapper's cause), if any. */
export function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') {
      const constraint = (current as { constraint?: unknown }).constraint;
      return typeof constraint === 'string' ? constraint : undefined;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * An unexpected error as the log may hold it: a failed query keeps its SQL but never its
 * parameters (password and token hashes, personal data), and a cause keeps only its code and text.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const failedQuery = 'query' in error && 'params' in error;
  const message = failedQuery ? `Failed query: ${String(error.query)} (parameters withheld)` : error.message;
  const stack = error.stack ?? '';
  const frames = stack.indexOf('\n    at ');
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.name,
    message,
    code: (error as { code?: unknown }).code,
    stack: frames >= 0 ? `${error.name}: ${message}${stack.slice(frames)}` : undefined,
    ...(cause ? { cause: { type: cause.name, message: cause.message, code: (cause as { code?: unknown }).code } } : {}),
  };
}
