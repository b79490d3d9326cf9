import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../apps/server/src/test/smtp-catcher';
import { axeViolations, type AxeViolation } from '../support/axe';
import {
  BROWSER_FLAGS,
  chromePath,
  launchBrowser,
  requireBrowserOrSkip,
  screenshot,
  VIEWPORTS,
  type Viewport,
} from '../support/browser';
import { lighthouseMedians, type PageFigures } from '../support/lighthouse';
import { signInInBrowser } from '../support/members';
import { median, RunPhone } from '../support/phone-cpu';
import { seedCommunity, seedMember } from '../support/seed';
import { freePort } from '../support/free-port';
import { startServer } from '../support/server';
import { BARS, FIRST_POST_TITLE, PAGES, postPage, type QualityPage } from './bars';

const runs = requireBrowserOrSkip();
/**
 * Cold loads of one build on a quiet host spread over 2,070–2,500 ms (five runs): nine make the
 * median steady where five let it wander by a tenth of the bar.
 */
const COLD_RUNS = 9;
const resultsDir = path.resolve(import.meta.dirname, '../../test-results');

/** Waits until the page shows its content rather than skeletons (no requests for 500 ms). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

describe.runIf(runs)('web quality bars on the built server', () => {
  const main = seedMember('quinn');
  let server: Awaited<ReturnType<typeof startServer>>;
  let pages: QualityPage[] = PAGES;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  /** One phone for the whole run: every page and the cold loads are measured on it. */
  const phone = new RunPhone();

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startServer({ SMTP_URL: smtp.url, RATE_LIMITS: 'off' });
    pages = [...PAGES, postPage(await seedCommunity(server.url, smtp, main))];
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('Lighthouse (mobile, calibrated phone; one run 5 clear of the bar, else the median of 3, or of 5 for a page short of it, its last two after the other pages): every page meets the performance bar of 90 and the accessibility, best practices, SEO and layout shift bars', async () => {
    const port = await freePort();
    const profileDir = await mkdtemp(path.join(tmpdir(), 'devplay-lighthouse-'));
    const context: BrowserContext = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromePath,
      args: [...BROWSER_FLAGS, `--remote-debugging-port=${port}`],
    });
    const figures: Record<string, PageFigures> = {};
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      // The first page's phone stands on more than its own one sample.
      await phone.sample(context, 8);
      const measure = async (signedIn: boolean) => {
        const paths = pages.filter((p) => p.signedIn === signedIn).map((p) => p.path);
        const urls = paths.map((pagePath) => server.url + pagePath);
        const medians = await lighthouseMedians(context, port, urls, BARS.performance, phone);
        paths.forEach((pagePath, i) => (figures[pagePath] = medians.get(urls[i]!)!));
      };
      await measure(false);
      await signInInBrowser(page, server.url, main);
      await measure(true);
    } finally {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    }
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, 'lighthouse.json'), JSON.stringify(figures, null, 2));
    console.table(
      Object.fromEntries(
        Object.entries(figures).map(([page, { runs: _runs, failed: _failed, ...medians }]) => [
          page,
          medians,
        ]),
      ),
    );
    for (const [page, f] of Object.entries(figures)) {
      const shown = `${page}: ${JSON.stringify({ ...f, runs: undefined })}`;
      expect(f.performance, shown).toBeGreaterThanOrEqual(BARS.performance);
      expect(f.accessibility, shown).toBeGreaterThanOrEqual(BARS.accessibility);
      expect(f['best-practices'], shown).toBeGreaterThanOrEqual(BARS.bestPractices);
      expect(f.seo, shown).toBeGreaterThanOrEqual(BARS.seo);
      expect(f.cls, shown).toBeLessThanOrEqual(BARS.cls);
    }
  }, 900_000);

  it('axe finds no violations on every page (and the image viewer open), light and dark, desktop and phone', async () => {
    const browser: Browser = await launchBrowser();
    const found: Record<string, AxeViolation[]> = {};
    /** One scheme on one screen, in a context of its own, every page in turn. */
    const checkLook = async (colorScheme: 'light' | 'dark', size: string, viewport: Viewport) => {
      const context = await browser.newContext({ viewport, colorScheme, bypassCSP: true });
      const page = await context.newPage();
      const checkNow = async (name: string) => {
        await screenshot(page, name);
        const violations = await axeViolations(page);
        if (violations.length) found[name] = violations;
      };
      const check = async ({ path: pagePath, opens }: QualityPage) => {
        await page.goto(server.url + pagePath);
        await settle(page);
        const name = `quality-${pagePath.slice(1).replaceAll('/', '-') || 'welcome'}-${size}-${colorScheme}`;
        await checkNow(name);
        if (!opens) return;
        await page.locator(opens.selector).first().click();
        await page.getByRole('dialog').waitFor();
        await checkNow(`${name}-${opens.name}`);
        await page.keyboard.press('Escape');
      };
      for (const p of pages.filter((p) => !p.signedIn)) await check(p);
      await signInInBrowser(page, server.url, main);
      for (const p of pages.filter((p) => p.signedIn)) await check(p);
      await context.close();
    };
    try {
      // The four looks side by side: most of a check is waiting for the page to settle, and
      // axe's verdict does not depend on how quickly the page got there.
      await Promise.all(
        (['light', 'dark'] as const).flatMap((colorScheme) =>
          Object.entries(VIEWPORTS).map(([size, viewport]) =>
            checkLook(colorScheme, size, viewport),
          ),
        ),
      );
    } finally {
      await browser.close();
    }
    expect(found).toEqual({});
  }, 600_000);

  it('a cold load on the calibrated phone: the JS it fetches and the first post (median of 9), within their bars', async () => {
    const browser = await launchBrowser();
    // A cold load has no service worker. Clearing its storage before each run was not enough:
    // in a CI run the last loads still had chunks from it (55 KB fetched of 148, the first post
    // in 1.4 s instead of 2.4).
    const context = await browser.newContext({
      viewport: VIEWPORTS.phone,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const transferredJs = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
      );
    try {
      await cdp.send('Network.clearBrowserCache');
      await page.goto(server.url);
      await settle(page);
      const welcomeJs = await transferredJs();
      await signInInBrowser(page, server.url, main);

      await cdp.send('Network.enable');
      // Lighthouse's mobile figures: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up; and its
      // phone's CPU, calibrated on this host as for the Lighthouse runs.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await phone.sample(context);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.rate });
      const firstPostMs: number[] = [];
      let homeJs = 0;
      for (let i = 0; i < COLD_RUNS; i++) {
        await cdp.send('Network.clearBrowserCache');
        await page.goto(`${server.url}/home_page`, { waitUntil: 'commit' });
        await page.getByText(FIRST_POST_TITLE).first().waitFor({ timeout: 30_000 });
        firstPostMs.push(await page.evaluate(() => Math.round(performance.now())));
        homeJs = await transferredJs();
        await page.waitForLoadState('networkidle');
      }
      const figures = {
        benchmarkIndex: phone.benchmarkIndex,
        rate: phone.rate,
        initialJsKb: { welcome: +(welcomeJs / 1024).toFixed(1), home: +(homeJs / 1024).toFixed(1) },
        coldFirstPostMs: { median: median(firstPostMs), runs: firstPostMs },
      };
      console.log('cold phone load:', JSON.stringify(figures));
      await mkdir(resultsDir, { recursive: true });
      await writeFile(path.join(resultsDir, 'cold-load.json'), JSON.stringify(figures, null, 2));
      expect(welcomeJs / 1024).toBeLessThanOrEqual(BARS.coldPageJsKb);
      expect(homeJs / 1024).toBeLessThanOrEqual(BARS.coldPageJsKb);
      expect(figures.coldFirstPostMs.median).toBeLessThanOrEqual(BARS.coldFirstPostMs);
    } finally {
      await browser.close();
    }
  }, 300_000);
});
