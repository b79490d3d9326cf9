import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpCatcher } from '../../apps/server/src/test/smtp-catcher';
import { launchBrowser, VIEWPORTS, type Viewport } from './browser';
import { registerMember, signInInBrowser, type E2eMember } from './members';
import { startServer, type SiteHost } from './server';

/**
 * A server with an SMTP catcher, a browser, and registered members; `openAs` gives each member a
 * signed-in page of their own (a separate browser context, like another person's computer).
 * `env` adds server settings (ADMIN_EMAILS for journeys with an admin); `siteHost` is the name
 * pages open the server by (startServer).
 */
export function useJourney(
  members: E2eMember[],
  { env = {}, siteHost }: { env?: Record<string, string>; siteHost?: SiteHost } = {},
) {
  const state = {} as {
    browser: Browser;
    server: Awaited<ReturnType<typeof startServer>>;
    smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  };
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    state.smtp = await startSmtpCatcher();
    // Side by side; whichever started is closed by afterAll even if the other failed.
    const [server, browser] = await Promise.allSettled([
      startServer({ ...env, SMTP_URL: state.smtp.url }, { siteHost }),
      launchBrowser(),
    ]);
    if (server.status === 'fulfilled') state.server = server.value;
    if (browser.status === 'fulfilled') state.browser = browser.value;
    for (const started of [server, browser])
      if (started.status === 'rejected') throw started.reason;
    for (const member of members) await registerMember(state.server.url, state.smtp, member);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await state.browser?.close();
    await state.server?.stop();
    await state.smtp?.close();
  });

  return {
    get url() {
      return state.server.url;
    },
    /** A browser of its own (another person's computer, or another of theirs), signed out. */
    async openSignedOut(
      viewport: Viewport = VIEWPORTS.desktop,
      /** `bypassCSP` lets axe-core's script into the page (support/axe.ts). */
      options: { bypassCSP?: boolean; colorScheme?: 'light' | 'dark' } = {},
    ): Promise<Page> {
      const context = await state.browser.newContext({ viewport, ...options });
      contexts.push(context);
      return context.newPage();
    },
    async openAs(
      member: E2eMember,
      viewport: Viewport = VIEWPORTS.desktop,
      options: { bypassCSP?: boolean; colorScheme?: 'light' | 'dark' } = {},
    ): Promise<Page> {
      const page = await this.openSignedOut(viewport, options);
      await signInInBrowser(page, state.server.url, member);
      return page;
    },
  };
}
