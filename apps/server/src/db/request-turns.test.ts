import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { POSTGRES_CONNECTIONS, type Db } from './client';
import { asRequest, takingTurns, waitedInLine } from './request-turns';

/** A pool of one connection, so that whoever holds it makes everyone else queue. */
const pglite = new PGlite();
const pool = takingTurns(new pg.Pool({ ...createPgConfig(pglite), max: 1 } as pg.PoolConfig));
afterAll(async () => {
  await pool.end();
  await pglite.close();
});

function signal() {
  let give!: () => void;
  const given = new Promise<void>((resolve) => (give = resolve));
  return { given, give: () => give() };
}

/** Holds the only connection until released. */
async function held() {
  const client = await pool.connect();
  return { release: () => client.release() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

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
    await tick();
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
    await tick();
    connection.release();
    await Promise.all([fresh, waited]);
    expect(order).toEqual(['waited', 'new']);
  });

  it('keeps arrival order among requests that have begun', async () => {
    const order: string[] = [];
    const gates = [signal(), signal()];
    const requests = gates.map((gate, n) =>
      asRequest(async () => {
        await pool.query('select 1');
        await gate.given;
        await pool.query('select 2');
        order.push(`request ${n}`);
      }),
    );
    await tick();
    const connection = await held();
    const fresh = asRequest(() => pool.query('select 3').then(() => order.push('new')));
    for (const gate of gates) {
      gate.give();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    connection.release();
    await Promise.all([...requests, fresh]);
    expect(order).toEqual(['request 0', 'request 1', 'new']);
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

// Only PostgreSQL takes turns: PGlite runs on the server's own thread, where tracking each
// request's statements cost more than the order gained (bench:mix).
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
    try {
      const begun = app.inject('/turns/begun');
      await first.given;
      const release = await allHeld(app.db);
      const fresh = app.inject('/turns/new');
      await tick();
      onward.give();
      await tick();
      await release(1);
      await Promise.all([begun, fresh]);
      await release(POSTGRES_CONNECTIONS - 1);
      expect(order).toEqual(['begun: first', 'begun: second', 'new: first', 'new: second']);
    } finally {
      await app.close();
    }
  });
});
