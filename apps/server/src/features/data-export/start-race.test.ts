import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../../db/schema/index';
import { createTestApp, sameUserElsewhere, type TestContext } from '../../test/app';
import { createMember } from '../../test/factories';
import { openSideConnections, waitingOnLocks } from '../../test/side-connections';

/**
 * Two requests for an archive at once (a double click, two tabs), on PostgreSQL where they run
 * side by side: both are held behind the member's row until both wait there, seen in the
 * database, then let go. One archive is made; the other request is refused.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('two requests for an archive at once', () => {
  let ctx: TestContext;
  /** Connections of their own, beside the app's pool: one holds the member, one watches. */
  let holder: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: false });
    [holder, watcher] = (await openSideConnections(ctx.app.db, 2)) as [pg.Client, pg.Client];
  });
  afterAll(async () => {
    await Promise.all([holder?.end(), watcher?.end()]);
    await ctx?.app.close();
  });

  /** Until `count` statements wait for a lock: the requests are at the member's row. */
  async function untilWaiting(count: number) {
    while ((await waitingOnLocks(watcher)) < count) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('make one archive: the first is taken, the second refused', async () => {
    const member = await createMember(ctx);
    await holder.query('begin');
    await holder.query('select id from users where id = $1 for update', [member.id]);
    const answers = Promise.all([
      member.client.post('/me/export'),
      sameUserElsewhere(ctx.app, member.client).post('/me/export'),
    ]);
    await untilWaiting(2);
    await holder.query('commit');
    const statuses = (await answers).map((answer) => answer.statusCode).sort();
    // The second finds the first pending (409), or made already if its job was that quick (429).
    expect(statuses[0]).toBe(202);
    expect([409, 429]).toContain(statuses[1]);
    const rows = await ctx.app.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, member.id));
    expect(rows).toHaveLength(1);
  });
});
