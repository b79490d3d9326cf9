import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index';
import { createTestApp, type TestContext } from '../test/app';

// The durable jobs: a failed attempt is tried again later, a stopped process loses nothing, and
// a job that keeps failing is given up on and kept for an operator.

let owner: TestContext;
beforeAll(async () => {
  owner = await createTestApp();
});
afterAll(() => owner.app.close());

type Outcome = { fail: boolean };

/**
 * Another process on the same database, whose `echo` jobs fail or succeed as told; `lasts`
 * records, attempt by attempt, whether each was the last.
 */
async function processWith(outcome: Outcome, seen: unknown[] = [], lasts: boolean[] = []) {
  const other = await createTestApp({ sameDatabaseAs: owner }, (app) =>
    app.jobs.handle(
      'echo',
      async (payload: unknown, { last }) => {
        seen.push(payload);
        lasts.push(last);
        if (outcome.fail) throw new Error('the other side is down');
      },
      { attempts: 3 },
    ),
  );
  // Its look at the queue on start-up is over: a job a test adds now meets its first attempt,
  // not that look (on PostgreSQL the two could race for it).
  await other.app.jobs.settled();
  return other;
}

const rowOf = async (id: number) =>
  (await owner.app.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const idOf = async (payload: object) =>
  (
    await owner.app.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.payload} = ${JSON.stringify(payload)}::jsonb`)
  )[0]!.id;
/** As if the backoff had passed. */
const makeDue = (id: number) =>
  owner.app.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.id, id));

describe('a job', () => {
  it('is done at once and gone when its first attempt succeeds', async () => {
    const seen: unknown[] = [];
    const one = await processWith({ fail: false }, seen);
    const { firstAttempt } = await one.app.jobs.add('echo', { n: 1 });
    expect(await firstAttempt).toBe('done');
    expect(seen).toEqual([{ n: 1 }]);
    expect(
      await owner.app.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload} = '{"n":1}'::jsonb`),
    ).toEqual([]);
    await one.app.close();
  });

  it('is tried again after a backoff, by the next process after a restart', async () => {
    const outcome = { fail: true };
    const first = await processWith(outcome);
    const { firstAttempt } = await first.app.jobs.add('echo', { n: 2 });
    expect(await firstAttempt).toBe('failed');
    const id = await idOf({ n: 2 });
    const failed = await rowOf(id);
    expect(failed).toMatchObject({
      attempts: 1,
      lastError: 'the other side is down',
      lockedUntil: null,
      failedAt: null,
    });
    const [{ wait }] = (await owner.app.db
      .select({ wait: sql<number>`extract(epoch from ${jobs.runAt} - now())::float8` })
      .from(jobs)
      .where(eq(jobs.id, id))) as [{ wait: number }];
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(30);
    await first.app.close();

    // The process stopped; time passed; the next one starts and does it.
    await makeDue(id);
    const seen: unknown[] = [];
    const next = await processWith({ fail: false }, seen);
    await next.app.jobs.settled();
    expect(seen).toEqual([{ n: 2 }]);
    expect(await rowOf(id)).toBeUndefined();
    await next.app.close();
  });

  it('left leased by a process that stopped mid-attempt is taken again once the lease ends', async () => {
    const [{ id }] = (await owner.app.db
      .insert(jobs)
      .values({
        kind: 'echo',
        payload: { n: 3 },
        attempts: 1,
        lockedUntil: sql`now() - interval '1 second'`,
      })
      .returning({ id: jobs.id })) as [{ id: number }];
    const seen: unknown[] = [];
    const next = await processWith({ fail: false }, seen);
    await next.app.jobs.settled();
    expect(seen).toEqual([{ n: 3 }]);
    expect(await rowOf(id)).toBeUndefined();
    await next.app.close();
  });

  it('is not taken while another process holds its lease', async () => {
    const [{ id }] = (await owner.app.db
      .insert(jobs)
      .values({
        kind: 'echo',
        payload: { n: 4 },
        attempts: 1,
        lockedUntil: sql`now() + interval '10 minutes'`,
      })
      .returning({ id: jobs.id })) as [{ id: number }];
    const seen: unknown[] = [];
    const next = await processWith({ fail: false }, seen);
    // A job added after it runs: the worker has looked at the queue by then.
    expect(await (await next.app.jobs.add('echo', { n: 5 })).firstAttempt).toBe('done');
    await next.app.jobs.settled();
    expect(seen).toEqual([{ n: 5 }]);
    expect(await rowOf(id)).toMatchObject({ attempts: 1 });
    await owner.app.db.delete(jobs).where(eq(jobs.id, id));
    await next.app.close();
  });

  it('stored in a transaction exists with it: rolled back, it never runs; committed, it does', async () => {
    const seen: unknown[] = [];
    const one = await processWith({ fail: false }, seen);
    const rollback = new Error('the rest of the change failed');
    await expect(
      one.app.db.transaction(async (tx) => {
        await one.app.jobs.addIn(tx, 'echo', { n: 7 });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const { start } = await one.app.db.transaction((tx) =>
      one.app.jobs.addIn(tx, 'echo', { n: 8 }),
    );
    expect(seen).toEqual([]);
    expect(await start()).toBe('done');
    expect(seen).toEqual([{ n: 8 }]);
    await one.app.close();
  });

  it('is given up on after its attempts, and kept with its last error', async () => {
    const outcome = { fail: true };
    const lasts: boolean[] = [];
    const one = await processWith(outcome, [], lasts);
    await (
      await one.app.jobs.add('echo', { n: 6 })
    ).firstAttempt;
    await one.app.close();
    const id = await idOf({ n: 6 });
    for (const attempt of [2, 3]) {
      await makeDue(id);
      const again = await processWith(outcome, [], lasts);
      await again.app.jobs.settled();
      expect((await rowOf(id))!.attempts).toBe(attempt);
      await again.app.close();
    }
    const given = await rowOf(id);
    expect(given!.failedAt).not.toBeNull();
    // The handler knew the third attempt was the last: its cleanup was due then.
    expect(lasts).toEqual([false, false, true]);
    await makeDue(id);
    const seen: unknown[] = [];
    const last = await processWith({ fail: false }, seen);
    await (
      await last.app.jobs.add('echo', { marker: true })
    ).firstAttempt;
    await last.app.jobs.settled();
    expect(seen).toEqual([{ marker: true }]);
    await last.app.close();
  });
});
