import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteConnection } from './pglite-connection';

describe('PGlite as a node-postgres connection', () => {
  let pglite: PGlite;
  let client: pg.Client;
  let entries = 0;
  beforeAll(async () => {
    pglite = new PGlite();
    const enter = pglite.execProtocolStream.bind(pglite);
    pglite.execProtocolStream = (...args) => {
      entries++;
      return enter(...args);
    };
    client = new pg.Client({ connection: new PgliteConnection(pglite) } as pg.ClientConfig);
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await pglite.close();
  });

  it('hands a statement in with its values at once, prepared or not', async () => {
    const query = { name: 'square', text: 'select $1::int * $1::int as n', values: [7] };
    entries = 0;
    expect((await client.query(query)).rows).toEqual([{ n: 49 }]);
    expect(entries).toBe(1);
    entries = 0;
    expect((await client.query({ ...query, values: [8] })).rows).toEqual([{ n: 64 }]);
    expect(entries).toBe(1);
  });

  it('answers a refused statement with its error, then goes on', async () => {
    await expect(client.query({ text: 'select 1 / $1::int', values: [0] })).rejects.toThrow(
      'division by zero',
    );
    await client.query('begin');
    await expect(client.query({ text: 'select $1::int', values: ['x'] })).rejects.toThrow(
      'invalid input syntax',
    );
    await client.query('rollback');
    expect((await client.query({ text: 'select $1::text as t', values: ['ok'] })).rows).toEqual([
      { t: 'ok' },
    ]);
  });
});
