import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { rowsOf } from '../../test/database';
import { createMember } from '../../test/factories';
import { insertMessages } from './queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

it('plans a lone send once: after the first few, each send reuses the generic plan', async () => {
  const [a, b] = [await createMember(ctx), await createMember(ctx)];
  // One transaction is one connection: the statement and its counts are that session's.
  const plans = await ctx.app.db.transaction(async (tx) => {
    for (let i = 0; i < 12; i++)
      await insertMessages(tx, [{ senderId: a.id, receiverId: b.id, text: `hello ${i}` }]);
    return rowsOf<{ generic_plans: string | number; custom_plans: string | number }>(
      tx,
      sql`select generic_plans, custom_plans from pg_prepared_statements
          where name = 'messages_send_one'`,
    );
  });

  expect(plans).toHaveLength(1);
  // PostgreSQL tries five custom plans before it compares them with the generic one.
  expect(Number(plans[0]!.custom_plans)).toBeLessThanOrEqual(5);
  expect(Number(plans[0]!.generic_plans)).toBeGreaterThanOrEqual(7);
});
