import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { useJourney } from './support/journey';
import type { E2eMember } from './support/members';
import { api, picture, seedMember } from './support/seed';

const runs = requireBrowserOrSkip();
/** Three pages of the feed (10 a page) and some to spare. */
const POSTERS = 24;
const DARK_BG = 'rgb(14, 17, 23)';
const LIGHT_BG = 'rgb(245, 246, 250)';

/** Posts one picture post per member (the 15 s cooldown is per member). */
async function seedPosts(url: string, members: ReturnType<typeof seedMember>[]) {
  for (const [index, member] of members.entries()) {
    const { token } = await api<{ token: string }>(url, '/signin', {
      method: 'POST',
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    const form = new FormData();
    form.append('image', await picture(index, 480, 320));
    const { url: image } = await api<{ url: string }>(url, '/upload-image', {
      method: 'POST',
      body: form,
      token,
    });
    await api(url, '/post', {
      method: 'POST',
      body: JSON.stringify({
        title: `Post number ${index + 1}`,
        description: 'Scroll test',
        image,
      }),
      token,
    });
  }
}

/** The theme and the page's background at DOMContentLoaded, before the app has drawn anything. */
async function firstPaintOf(page: Page, url: string) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstPaint: unknown }).firstPaint = {
        theme: document.documentElement.dataset.theme,
        background: getComputedStyle(document.body).backgroundColor,
        appDrawn: document.querySelector('#main') !== null,
      };
    });
  });
  await page.goto(url);
  return page.evaluate(() => (window as unknown as { firstPaint: unknown }).firstPaint);
}

/** Signs in on the welcome screen already open, keeping its address (and its ?next). */
async function signInHere(page: Page, member: E2eMember) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(member.email);
  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const titles = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();

describe.runIf(runs)('navigation and the app shell in Chromium', () => {
  const ada = { email: 'ada@example.com', username: 'ada', password: 'Frag1!ada' };
  const bob = { email: 'bob@example.com', username: 'bob', password: 'Frag1!bob' };
  const posters = Array.from({ length: POSTERS }, (_, i) => seedMember(`poster${i + 1}`));
  const journey = useJourney([ada, bob, ...posters], { env: { RATE_LIMITS: 'off' } });

  it('the chosen theme is painted before the app, on a system of the other scheme', async () => {
    const page = await journey.openAs(ada);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${journey.url}/settings`);
    await page.getByRole('heading', { name: 'Appearance' }).waitFor();
    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(page, 'nav-settings-dark-desktop');

    expect(await firstPaintOf(page, `${journey.url}/settings`)).toEqual({
      theme: 'dark',
      background: DARK_BG,
      appDrawn: false,
    });

    // System follows the scheme, live.
    await page.getByRole('radio', { name: 'System' }).check();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      LIGHT_BG,
    );
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe(DARK_BG);
    await page.context().close();
  });

  it('a deep link survives sign-in, and only to this site', async () => {
    const { user } = await api<{ user: { id: number } }>(journey.url, '/signin', {
      method: 'POST',
      body: JSON.stringify({ email: bob.email, password: bob.password }),
    });
    const browser = (await journey.openAs(ada)).context().browser()!;

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${journey.url}/message/${user.id}`);
    await visitor.waitForURL(`${journey.url}/?next=%2Fmessage%2F${user.id}`);
    await signInHere(visitor, ada);
    await visitor.waitForURL(`${journey.url}/message/${user.id}`);
    await visitor.getByRole('textbox').first().waitFor();
    await visitor.context().close();

    const tricked = await (await browser.newContext()).newPage();
    await tricked.goto(`${journey.url}/?next=${encodeURIComponent('//evil.example/')}`);
    await signInHere(tricked, ada);
    await tricked.waitForURL(`${journey.url}/home_page`);
    await tricked.context().close();
  });

  it('Back from a post returns to the same place in a three-page feed', async () => {
    await seedPosts(journey.url, posters);
    const page = await journey.openAs(ada);
    await page.getByRole('article').first().waitFor();
    while ((await page.getByRole('article').count()) < 21) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);
    }
    const third = page.getByRole('article').nth(20);
    await third.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    const before = { y: await page.evaluate(() => window.scrollY), titles: await titles(page) };
    expect(before.y).toBeGreaterThan(3000);

    await third
      .getByRole('link')
      .filter({ hasText: /^Post number/ })
      .first()
      .click();
    await page.waitForURL(/\/post\/\d+$/);
    await page
      .getByRole('button', { name: /comment/i })
      .first()
      .waitFor();
    await page.goBack();
    await page.waitForURL(/\/home_page$/);
    await page.waitForTimeout(1500);

    const after = { y: await page.evaluate(() => window.scrollY), titles: await titles(page) };
    expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(50);
    expect(after.titles).toEqual(before.titles);
  }, 300_000);

  it('on a phone the selected tab of a strip is in view and the strip shows it continues', async () => {
    const page = await journey.openAs(ada, VIEWPORTS.phone);
    await page.goto(`${journey.url}/tournament?tab=table`);
    const strip = page.getByRole('tablist');
    const selected = strip.getByRole('tab', { selected: true });
    await expect.poll(() => selected.textContent()).toBe('Tournament Table');
    const [stripBox, tabBox] = [await strip.boundingBox(), await selected.boundingBox()];
    expect(tabBox!.x).toBeGreaterThanOrEqual(stripBox!.x);
    expect(tabBox!.x + tabBox!.width).toBeLessThanOrEqual(stripBox!.x + stripBox!.width);
    expect(await strip.getAttribute('data-more')).toMatch(/^(start|both)$/);
    await screenshot(page, 'nav-tournament-tabs-phone');
  });
});
