import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { loggableError } from './errors.js';

describe('errors as logged', () => {
  it('keeps a failed query but never its parameters', () => {
    const cause = Object.assign(new Error('value too long for type character varying(64)'), { code: '22001', detail: 'secret detail' });
    const error = new DrizzleQueryError(
      'insert into accounts (username, password_hash) values ($1, $2)',
      ['ops', 'scrypt$131072$8$1$salt$hash'],
      cause,
    );
    const logged = loggableError(error);
    const text = JSON.stringify(logged);
    expect(text).toContain('insert into accounts');
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain('secret detail');
    expect(logged).toMatchObject({ cause: { code: '22001' } });
    expect(String(logged.stack)).toContain('    at ');
  });

  it('keeps an ordinary error as it is', () => {
    const logged = loggableError(new TypeError('x is not a function'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
  });
});
