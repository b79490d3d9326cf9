import { leaveWindow } from '@devplay/shared';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { holidays, leaveDays } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember } from '../../test/factories';
import { addDays, workingDaysBetween } from '../../test/calendar-days';
import { issueFeed, readFeed } from '../../test/calendar-feed';
import { pollHealth } from '../../test/health-poll';

const HEALTH_EVERY_MS = 20;
const HEALTH_DELAY_MAX_MS = 200;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

it(`keeps /api/health within ${HEALTH_DELAY_MAX_MS} ms while three full feeds are read`, async () => {
  const { first, last } = leaveWindow();
  const working = workingDaysBetween(first, last);
  // Every other day of the window a holiday: the largest feed there can be.
  const weekends: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (!working.includes(day)) weekends.push(day);
  }
  await ctx.app.db.insert(holidays).values(weekends.map((date) => ({ date })));
  const tokens: string[] = [];
  // Three members, so that each read builds its own feed: no read is served from another's. A
  // fourth one's feed is read first, as a running server has: the first read of all also pays
  // for compiling the code and planning the query.
  for (let i = 0; i < 4; i++) {
    const member = await createMember(ctx);
    const rows = working.map((date) => ({ userId: member.id, date, type: 'sick' as const }));
    await ctx.app.db.insert(leaveDays).values(rows);
    tokens.push((await issueFeed(member)).token);
  }

  expect((await readFeed(ctx.app, tokens.pop()!)).statusCode).toBe(200);
  const health = pollHealth(ctx.app, HEALTH_EVERY_MS);
  // Health is already being checked on schedule when the feeds are asked for.
  await vi.waitFor(() => expect(health.answered()).toBeGreaterThanOrEqual(3));
  const started = performance.now();
  const feeds = await Promise.all(tokens.map((token) => readFeed(ctx.app, token)));
  const took = performance.now() - started;
  const worst = await health.stop();

  for (const feed of feeds) expect(feed.statusCode).toBe(200);
  const events = feeds[0]!.body.split('BEGIN:VEVENT').length - 1;
  expect(events).toBe(working.length + weekends.length);
  console.info(
    `${events} events, ${feeds[0]!.body.length} bytes a feed; three read in ${took.toFixed(0)} ms; ` +
      `worst /api/health delay ${worst.toFixed(0)} ms`,
  );
  expect(worst).toBeLessThan(HEALTH_DELAY_MAX_MS);
});
