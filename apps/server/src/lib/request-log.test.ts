import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { captureLog } from '../test/log-capture';

const INFO = 30;

describe('request log', () => {
  let ctx: TestContext;
  const log = captureLog();
  beforeAll(async () => {
    ctx = await createTestApp({ logStream: log.stream });
  });
  afterAll(() => ctx.app.close());

  const completed = () => log.entries.filter((entry) => entry.msg === 'request completed');

  it('keeps answers that went well out of the default level', async () => {
    log.entries.length = 0;
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(completed()).toEqual([]);
  });

  it('writes one line per refusal, with the path but not the query string', async () => {
    log.entries.length = 0;
    const response = await ctx.app.inject({ url: '/api/calendar.ics?token=secret-feed-token' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(completed()).toEqual([
      expect.objectContaining({
        level: INFO,
        method: 'GET',
        path: '/api/calendar.ics',
        status: response.statusCode,
      }),
    ]);
    expect(JSON.stringify(log.entries)).not.toContain('secret-feed-token');
  });
});
