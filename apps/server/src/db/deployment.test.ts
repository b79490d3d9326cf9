import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import { deploymentIdOf } from './deployment';
import { deployment } from './schema/index';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the deployment id', () => {
  it('is made once per database: processes starting together agree, another database differs', async () => {
    const [one, other] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    try {
      // On PostgreSQL these race on separate connections, as processes starting at once would:
      // the pool opens them first, so none waits for a connection while the others finish.
      const eight = <T>(run: () => Promise<T>) => Promise.all(Array.from({ length: 8 }, run));
      await eight(() => one.db.execute(sql`select pg_sleep(0.05)`));
      const ids = await eight(() => deploymentIdOf(one.db));
      expect(ids[0]).toMatch(UUID);
      expect(new Set(ids)).toEqual(new Set([ids[0]]));
      expect(await deploymentIdOf(one.db)).toBe(ids[0]);
      expect(await one.db.$count(deployment)).toBe(1);
      expect(await deploymentIdOf(other.db)).not.toBe(ids[0]);
    } finally {
      await Promise.all([one.close(), other.close()]);
    }
  });

  it('is made anew when its row is deleted, as on a copy of another deployment', async () => {
    const database = await openTestDatabase();
    try {
      const copied = await deploymentIdOf(database.db);
      await database.db.delete(deployment);
      expect(await deploymentIdOf(database.db)).not.toBe(copied);
    } finally {
      await database.close();
    }
  });
});
