import { describe, expect, it } from 'vitest';
import { retryingCollisions } from './db-retry';

const pgFailure = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('retryingCollisions', () => {
  it('runs a transaction again after a deadlock or a serialization failure', async () => {
    const failures = [pgFailure('40P01'), pgFailure('40001')];
    let runs = 0;
    const result = await retryingCollisions(async () => {
      runs++;
      const failure = failures.shift();
      if (failure) throw new Error('wrapped by the driver', { cause: failure });
      return 'done';
    });
    expect({ result, runs }).toEqual({ result: 'done', runs: 3 });
  });

  it('gives up after five attempts, and at once on any other error', async () => {
    let runs = 0;
    await expect(
      retryingCollisions(async () => {
        runs++;
        throw pgFailure('40P01');
      }),
    ).rejects.toThrow('pg 40P01');
    expect(runs).toBe(5);

    runs = 0;
    await expect(
      retryingCollisions(async () => {
        runs++;
        throw pgFailure('23505');
      }),
    ).rejects.toThrow('pg 23505');
    expect(runs).toBe(1);
  });
});
