import { MESSAGES, type MessageKey } from '@swap/contracts';

/** A failure the client should see: a catalogue message, optional placeholders and data. */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
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
