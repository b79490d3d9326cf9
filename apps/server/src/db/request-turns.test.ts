import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/app';
import { POSTGRES_CONNECTIONS, type Db } from './client';
import { asRequest, takingTurns, waitedInLine } from './request-turns';

const pglite = new PGlite();
const pools: pg.Pool[] = [];
// Creating the database takes seconds on a busy host: a hook's time, not the first test's.
beforeAll(() => pglite.waitReady);
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await pglite.close();
});

/** A pool of one connection, so that whoever holds it makes everyone else queue. */
function poolOfOne(
  options?: Parameters<typeof takingTurns>[1],
  Pool: new (config: pg.PoolConfig) => pg.Pool = pg.Pool,
) {
  const pool = takingTurns(
    new Pool({ ...createPgConfig(pglite), max: 1 } as pg.PoolConfig),
    options,
  );
  pools.push(pool);
  return pool;
}
const pool = poolOfOne();

function signal() {
  let give!: () => void;
  const given = new Promise<void>((resolve) => (give = resolve));
  return { given, give: () => give() };
}

/** Until `count` checkouts wait in `on`'s queue: the order they are served in is then the test's. */
const untilWaiting = (count: number, on: pg.Pool = pool) =>
  vi.waitFor(() => expect(on.waitingCount).toBe(count), { timeout: 10_000, interval: 1 });

/** Holds the only connection until released. */
async function held(on: pg.Pool = pool) {
  const client = await on.connect();
  return { release: () => client.release() };
}

describe('requests take turns for a connection', () => {
  it("serves a request's next statement before requests that have not begun", async () => {
    const order: string[] = [];
    const statement = (name: string) =>
      pool.query('select $1::text', [name]).then(() => order.push(name));
    const [first, onward] = [signal(), signal()];
    const begun = asRequest(async () => {
      await statement('begun: first');
      first.give();
      await onward.given;
      await statement('begun: second');
    });
    await first.given;

    const connection = await held();
    const fresh = [1, 2].map((n) => asRequest(() => statement(`new ${n}`)));
    const outside = statement('outside any request');
    onward.give();
    await untilWaiting(4);
    connection.release();
    await Promise.all([begun, ...fresh, outside]);

    expect(order).toEqual([
      'begun: first',
      'begun: second',
      'new 1',
      'new 2',
      'outside any request',
    ]);
  });

  it('counts a request that waited in line for a statement run for it as begun', async () => {
    const order: string[] = [];
    const connection = await held();
    const fresh = asRequest(() => pool.query('select 1').then(() => order.push('new')));
    const waited = asRequest(async () => {
      waitedInLine();
      await pool.query('select 2');
      order.push('waited');
    });
    await untilWaiting(2);
    connection.release();
    await Promise.all([fresh, waited]);
    expect(order).toEqual(['waited', 'new']);
  });

  it('keeps arrival order among requests that have begun', async () => {
    const order: string[] = [];
    const gates = [signal(), signal()].map((gate) => ({ ...gate, ran: signal() }));
    const requests = gates.map((gate, n) =>
      asRequest(async () => {
        await pool.query('select 1');
        gate.ran.give();
        await gate.given;
        await pool.query('select 2');
        order.push(`request ${n}`);
      }),
    );
    await Promise.all(gates.map((gate) => gate.ran.given));
    const connection = await held();
    const fresh = asRequest(() => pool.query('select 3').then(() => order.push('new')));
    for (const [n, gate] of gates.entries()) {
      gate.give();
      await untilWaiting(n + 2);
    }
    connection.release();
    await Promise.all([...requests, fresh]);
    expect(order).toEqual(['request 0', 'request 1', 'new']);
  });
});

/** pg-pool's queue as another version might keep it: in arrival order, but no array. */
class ListQueue<T> {
  private items: T[] = [];
  get length() {
    return this.items.length;
  }
  push = (item: T) => this.items.push(item);
  shift = () => this.items.shift();
}
class PoolOfAnotherQueue extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    Object.assign(this, { _pendingQueue: new ListQueue() });
  }
}

/** What a pool serves first: a request's second statement, or a new request queued before it. */
async function servedFirst(on: pg.Pool) {
  const order: string[] = [];
  const statement = (name: string) => on.query('select 1').then(() => order.push(name));
  const [first, onward] = [signal(), signal()];
  const begun = asRequest(async () => {
    await statement('begun');
    first.give();
    await onward.given;
    await statement('begun again');
  });
  await first.given;
  const connection = await held(on);
  const fresh = asRequest(() => statement('new'));
  onward.give();
  await untilWaiting(2, on);
  connection.release();
  await Promise.all([begun, fresh]);
  return order[1];
}

describe('the turns switch themselves off', () => {
  it('when pg-pool queues otherwise than known, in one line, serving in arrival order', async () => {
    const lines: string[] = [];
    const other = poolOfOne({ log: (line) => lines.push(line) }, PoolOfAnotherQueue);
    expect(lines).toEqual([expect.stringMatching(/^Request turns are off: pg-pool's queue/)]);
    expect(await servedFirst(other)).toBe('new');
  });

  it('when REQUEST_TURNS=off, saying nothing', async () => {
    const lines: string[] = [];
    const off = poolOfOne({ enabled: false, log: (line) => lines.push(line) });
    expect(await servedFirst(off)).toBe('new');
    expect(lines).toEqual([]);
  });

  it('and only then: on the pg-pool installed, a request that began goes first, unannounced', async () => {
    const lines: string[] = [];
    const on = poolOfOne({ log: (line) => lines.push(line) });
    expect(await servedFirst(on)).toBe('begun again');
    expect(lines).toEqual([]);
  });
});

/**
 * Holds every connection of the app's pool in transactions; each is released on its own, so that
 * one freed connection serves the queue's head alone and the order of statements is the queue's.
 */
async function allHeld(db: Db) {
  const holds = Array.from({ length: POSTGRES_CONNECTIONS }, () => ({
    holding: signal(),
    release: signal(),
  }));
  const done = holds.map(({ holding, release }) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding.give();
      await release.given;
    }),
  );
  await Promise.all(holds.map(({ holding }) => holding.given));
  return (count: number) => {
    for (const { release } of holds.splice(0, count)) release.give();
    return Promise.all(done.splice(0, count));
  };
}

// Only PostgreSQL takes turns: on PGlite's one thread tracking requests cost more than it won.
describe.skipIf(process.env.TEST_DB !== 'postgres')('an HTTP request on PostgreSQL', () => {
  it('is one request to the pool from its first hook to its answer', async () => {
    const order: string[] = [];
    const onward = signal();
    const first = signal();
    const { app } = await createTestApp({}, (app) => {
      app.get('/turns/:name', async (request) => {
        const { name } = request.params as { name: string };
        await app.db.execute(sql`select 1`);
        order.push(`${name}: first`);
        if (name === 'begun') {
          first.give();
          await onward.given;
        }
        await app.db.execute(sql`select 2`);
        order.push(`${name}: second`);
        return {};
      });
    });
    const appPool = (app.db as unknown as { $client: pg.Pool }).$client;
    try {
      const begun = app.inject('/turns/begun');
      await first.given;
      const release = await allHeld(app.db);
      const fresh = app.inject('/turns/new');
      await untilWaiting(1, appPool);
      onward.give();
      await untilWaiting(2, appPool);
      await release(1);
      await Promise.all([begun, fresh]);
      await release(POSTGRES_CONNECTIONS - 1);
      expect(order).toEqual(['begun: first', 'begun: second', 'new: first', 'new: second']);
    } finally {
      await app.close();
    }
  });
});
