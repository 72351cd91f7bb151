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
