import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { batchedByTurn } from './batched';
import { pgliteDatabase, type Db } from './client';

/** A stand-in database: the batcher only keys its queue by it. */
const fakeDb = () => ({}) as Db;

function recorder(fail: (values: number[]) => boolean = () => false) {
  const calls: number[][] = [];
  const run = async (_db: Db, values: number[]) => {
    calls.push(values);
    if (fail(values)) throw new Error(`refused ${values.join(',')}`);
    return values.map((value) => value * 10);
  };
  return { calls, run };
}

describe('batchedByTurn', () => {
  it('sends the values of one turn in one call, each answered in its order', async () => {
    const { calls, run } = recorder();
    const write = batchedByTurn(run, { maxBatch: 100 });
    const db = fakeDb();
    const answers = await Promise.all([1, 2, 3].map((value) => write(db, value)));
    expect(answers).toEqual([10, 20, 30]);
    expect(calls).toEqual([[1, 2, 3]]);
    // A value in a later turn makes a call of its own.
    expect(await write(db, 4)).toBe(40);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('waits a turn on PostgreSQL only: on PGlite the values of one stretch of code go at once', async () => {
    const pglite = pgliteDatabase(new PGlite());
    for (const [db, waitsATurn] of [
      [fakeDb(), true],
      [pglite.db, false],
    ] as const) {
      const { calls, run } = recorder();
      const write = batchedByTurn(run, { maxBatch: 100 });
      let turned = false;
      setImmediate(() => (turned = true));
      expect(await Promise.all([write(db, 1), write(db, 2)])).toEqual([10, 20]);
      expect([calls, turned]).toEqual([[[1, 2]], waitsATurn]);
    }
    await pglite.close();
  });

  it('makes calls of at most the batch size, and keeps each database apart', async () => {
    const { calls, run } = recorder();
    const write = batchedByTurn(run, { maxBatch: 2 });
    const [one, two] = [fakeDb(), fakeDb()];
    await Promise.all([write(one, 1), write(one, 2), write(one, 3), write(two, 4)]);
    expect(calls).toEqual([[1, 2], [3], [4]]);
  });

  it('sends each value of a failed call again alone, so only the bad one fails', async () => {
    const { calls, run } = recorder((values) => values.includes(2));
    const write = batchedByTurn(run, { maxBatch: 100 });
    const db = fakeDb();
    const settled = await Promise.allSettled([1, 2, 3].map((value) => write(db, value)));
    expect(
      settled.map((result) => (result.status === 'fulfilled' ? result.value : 'failed')),
    ).toEqual([10, 'failed', 30]);
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('with one in flight, what arrives while a batch is at the database goes as the next batch', async () => {
    const calls: number[][] = [];
    let release!: () => void;
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    const run = async (_db: Db, values: number[]) => {
      calls.push(values);
      if (calls.length === 1) await firstHeld;
      return values;
    };
    const write = batchedByTurn(run, { maxBatch: 100, maxInFlight: 1 });
    const db = fakeDb();
    const first = write(db, 1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3].map((value) => write(db, value));
    // Another database's write, queued after them, goes in a later turn than theirs would have.
    expect(await write(fakeDb(), 9)).toBe(9);
    // A turn went by, but the first batch still holds the database.
    expect(calls).toEqual([[1], [9]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(calls).toEqual([[1], [9], [2, 3]]);
  });
});
