import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api-client';
import { createQueryClient } from './query-client';

const failing = (status: number) =>
  vi.fn(() => Promise.reject(new ApiRequestError({ status, code: `HTTP_${status}` })));

/** How many calls a failed load made and after how long its error was shown. */
async function load(queryFn: () => Promise<unknown>) {
  const client = createQueryClient();
  const started = Date.now();
  let elapsedMs = -1;
  const settled = client
    .fetchQuery({ queryKey: ['probe'], queryFn })
    .catch((error: unknown) => error)
    .finally(() => (elapsedMs = Date.now() - started));
  await vi.runAllTimersAsync();
  const error: unknown = await settled;
  return { error, elapsedMs };
}

describe('the query client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([400, 403, 404, 429])('shows a %i at once, without retrying', async (status) => {
    const queryFn = failing(status);
    const { error, elapsedMs } = await load(queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(elapsedMs).toBe(0);
  });

  it.each([0, 500, 503])('tries a %i once more, within a second', async (status) => {
    const queryFn = failing(status);
    const { error, elapsedMs } = await load(queryFn);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect((error as ApiRequestError).status).toBe(status);
    expect(elapsedMs).toBeLessThan(1000);
  });

  it('keeps a load that passes on its second try', async () => {
    const queryFn = vi
      .fn()
      .mockRejectedValueOnce(new ApiRequestError({ status: 502, code: 'HTTP_502' }))
      .mockResolvedValueOnce('data');
    const { error } = await load(queryFn);
    expect(error).toBe('data');
  });
});
