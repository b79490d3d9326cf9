import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { pgliteDatabase, type Db } from './client';
import { asRequest, waitedInLine } from './request-turns';

/** PGlite's pool has one connection: whoever holds it makes everyone else queue. */
const database = pgliteDatabase(new PGlite());
const { db } = database;
afterAll(() => database.close());

function held(on: Db = db) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const holds = new Promise<void>((resolve) => (holding = resolve));
  const done = on.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    holding();
    await released;
  });
  return { holds, release: () => (release(), done) };
}

describe('requests take turns for a connection', () => {
  it("serves a request's next statement before requests that have not begun", async () => {
    const order: string[] = [];
    const statement = (name: string) =>
      db.execute(sql`select ${name}::text`).then(() => order.push(name));

    let goOn!: () => void;
    const onward = new Promise<void>((resolve) => (goOn = resolve));
    let firstDone!: () => void;
    const first = new Promise<void>((resolve) => (firstDone = resolve));
    const begun = asRequest(async () => {
      await statement('begun: first');
      firstDone();
      await onward;
      await statement('begun: second');
    });
    await first;

    const connection = held();
    await connection.holds;
    const fresh = [1, 2].map((n) => asRequest(() => statement(`new ${n}`)));
    const outside = statement('outside any request');
    goOn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await connection.release();
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
    const connection = held();
    await connection.holds;
    const fresh = asRequest(() => db.execute(sql`select 1`).then(() => order.push('new')));
    const waited = asRequest(async () => {
      waitedInLine();
      await db.execute(sql`select 2`);
      order.push('waited');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await connection.release();
    await Promise.all([fresh, waited]);
    expect(order).toEqual(['waited', 'new']);
  });

  it('keeps arrival order among requests that have begun', async () => {
    const order: string[] = [];
    const gates = [0, 1].map(() => {
      let open!: () => void;
      return { opened: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    });
    const requests = gates.map((gate, n) =>
      asRequest(async () => {
        await db.execute(sql`select 1`);
        await gate.opened;
        await db.execute(sql`select 2`);
        order.push(`request ${n}`);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const connection = held();
    await connection.holds;
    const fresh = asRequest(() => db.execute(sql`select 3`).then(() => order.push('new')));
    for (const gate of gates) {
      gate.open();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await connection.release();
    await Promise.all([...requests, fresh]);
    expect(order).toEqual(['request 0', 'request 1', 'new']);
  });
});

// On PostgreSQL the test database's pool has ten connections, so nothing queues to be ordered.
describe.skipIf(process.env.TEST_DB === 'postgres')('an HTTP request', () => {
  it('is one request to the pool from its first hook to its answer', async () => {
    const order: string[] = [];
    let goOn!: () => void;
    const onward = new Promise<void>((resolve) => (goOn = resolve));
    const { app } = await createTestApp({}, (app) => {
      app.get('/turns/:name', async (request) => {
        const { name } = request.params as { name: string };
        await app.db.execute(sql`select 1`);
        order.push(`${name}: first`);
        if (name === 'begun') await onward;
        await app.db.execute(sql`select 2`);
        order.push(`${name}: second`);
        return {};
      });
    });
    try {
      const begun = app.inject('/turns/begun');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const connection = held(app.db);
      await connection.holds;
      const fresh = app.inject('/turns/new');
      await new Promise((resolve) => setTimeout(resolve, 20));
      goOn();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await connection.release();
      await Promise.all([begun, fresh]);
      expect(order).toEqual(['begun: first', 'begun: second', 'new: first', 'new: second']);
    } finally {
      await app.close();
    }
  });
});
