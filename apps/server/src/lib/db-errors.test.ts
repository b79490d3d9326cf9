import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './db-errors';

/** An error as drizzle throws it: its own, with the driver's as the cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('a database out of reach', () => {
  it.each([
    ['a refused connection', Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a closed pool', new Error('Cannot use a pool after calling end on the pool')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['an administrator shutdown', coded('57P01')],
    ['a server starting up', coded('57P03')],
    ['a connection exception', coded('08006')],
    ['too many connections', coded('53300')],
  ])('is told by %s, however wrapped', (_, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(isDatabaseUnreachable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a refused constraint', coded('23505')],
    ['a deadlock', coded('40P01')],
    ['a syntax error', coded('42601')],
    ['any other failure', new Error('boom')],
    ['no error at all', undefined],
    [
      'a failure quoting the words in its parameters',
      Object.assign(new Error('Failed query: insert … params: PGlite is closed'), {
        cause: coded('23514'),
      }),
    ],
  ])('is not %s', (_, error) => {
    expect(isDatabaseUnreachable(wrapped(error))).toBe(false);
  });
});
