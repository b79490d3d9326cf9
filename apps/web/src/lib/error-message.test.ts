import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@devplay/shared';
import { ApiRequestError } from './api-client';
import { formProblem } from './error-message';

const texts = { server: 'Form failed', network: 'No connection' };
const answer = (status: number, body: { message?: string; field?: string } = {}) =>
  new ApiRequestError({ status, code: 'X', serverMessage: body.message, field: body.field });

describe('formProblem (SPEC §8, DESIGN §4 field)', () => {
  it('puts an error naming one of the inputs under that input, in the server’s words', () => {
    expect(
      formProblem(answer(409, { message: 'Taken', field: 'username' }), ['username'], texts),
    ).toEqual({ field: 'username', message: 'Taken' });
  });

  it('renames the API’s field to the form’s input when given a map', () => {
    const fields = { userName: 'recipient' } as const;
    expect(
      formProblem(answer(400, { message: 'Yourself', field: 'userName' }), fields, texts),
    ).toEqual({ field: 'recipient', message: 'Yourself' });
  });

  it('sends a field the form does not have to the banner', () => {
    expect(
      formProblem(answer(400, { message: 'Odd', field: 'other' }), ['username'], texts),
    ).toEqual({ banner: 'Odd' });
  });

  it('shows a rate limit in the banner even when it names a field, with a text of its own', () => {
    expect(formProblem(answer(429, { field: 'email' }), ['email'], texts)).toEqual({
      banner: AUTH_MESSAGES.tooManyRequests,
    });
  });

  it('falls back to the form’s words, and to its network words without an answer', () => {
    expect(formProblem(answer(500), [], texts)).toEqual({ banner: 'Form failed' });
    expect(formProblem(answer(0), [], texts)).toEqual({ banner: 'No connection' });
    expect(formProblem(new TypeError('Failed to fetch'), [], texts)).toEqual({
      banner: 'No connection',
    });
  });
});
