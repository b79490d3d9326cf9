import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './app';
import { createMember } from './factories';
import { startWidgetStubs, type WidgetStubs } from './widget-stubs';

/**
 * The widget stubs for a describe block, and for each test a server of its own, so the news cache
 * starts empty: `serving(feed)` serves `feed` and answers the app and a member to ask it.
 */
export function useNewsServer() {
  let stubs: WidgetStubs;
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    stubs = await startWidgetStubs();
  });
  afterAll(() => stubs.close());
  afterEach(async () => {
    await ctx?.app.close();
    ctx = undefined;
  });
  return {
    stubs: () => stubs,
    async serving(feed: string) {
      stubs.setFeed(feed);
      ctx = await createTestApp({ ...stubs.config, thirdPartyTimeoutMs: 10_000 });
      return { ctx, member: await createMember(ctx) };
    },
  };
}
