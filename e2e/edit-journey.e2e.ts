import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../apps/server/src/test/smtp-catcher';
import { launchBrowser, requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { registerMember, signInInBrowser } from './support/members';
import { startServer } from './support/server';

const runs = requireBrowserOrSkip();

describe.runIf(runs)('edit journey in Chromium', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  const contexts: BrowserContext[] = [];
  const ann = { email: 'ann@example.com', username: 'ann_edits', password: 'Frag1!annie' };
  const ben = { email: 'ben@example.com', username: 'ben_reads', password: 'Frag1!benny' };
  let picture: { name: string; mimeType: string; buffer: Buffer };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startServer({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
    await registerMember(server.url, smtp, ann);
    await registerMember(server.url, smtp, ben);
    // Taller than any screen: the viewer must let it scroll rather than shrink it.
    const buffer = await sharp({
      create: { width: 800, height: 2000, channels: 3, background: '#0ea5e9' },
    })
      .png()
      .toBuffer();
    picture = { name: 'tall-map.png', mimeType: 'image/png', buffer };
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  async function openAs(member: typeof ann) {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    contexts.push(context);
    const page = await context.newPage();
    await signInInBrowser(page, server.url, member);
    return page;
  }
  const shoot = async (page: Page, name: string) => {
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, `${name}-phone`);
    await page.setViewportSize(VIEWPORTS.desktop);
  };

  it('A edits a post and a comment; B sees the new text and the edited mark after reload', async () => {
    const a = await openAs(ann);
    await a.getByLabel('Title', { exact: true }).fill('Smoke spots');
    await a.getByLabel('Description', { exact: true }).fill('Three smokes for mid.');
    await a.locator('input[type="file"]').first().setInputFiles(picture);
    await a.getByLabel(/^Image description/).fill('A tall map of mid with three smoke lines');
    await a.getByRole('button', { name: 'Publish', exact: true }).click();
    await a.getByText('Your post has been published successfully!').waitFor();
    const card = a.getByRole('article').filter({ hasText: 'Smoke spots' });
    await card.getByRole('button', { name: /Comments/ }).click();
    await card.getByPlaceholder('Write a comment...').fill('Frist');
    await card.getByRole('button', { name: 'Send comment' }).click();
    await card.getByText('Frist').waitFor();

    // The post: within the publishing wait, an edit still goes through.
    await card.getByRole('button', { name: 'Edit post: Smoke spots' }).click();
    const dialog = a.getByRole('dialog', { name: 'Edit post' });
    await dialog.getByLabel('Title', { exact: true }).fill('Smoke spots on Mirage');
    await dialog
      .getByLabel('Description', { exact: true })
      .fill('Three smokes for mid, see https://devplay.example/mirage.');
    // Taller than the window allows: the form scrolls, and its fading edge says so.
    const form = dialog.locator('form');
    await dialog.getByLabel(/^Image description/).waitFor();
    await expect.poll(() => form.getAttribute('data-more')).toBe('end');
    await form.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect.poll(() => form.getAttribute('data-more')).toBe('start');
    await shoot(a, 'edit-post-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const edited = a.getByRole('article').filter({ hasText: 'Smoke spots on Mirage' });
    await edited.locator('[title^="Edited "]').first().waitFor();

    // The comment, in place.
    await edited.getByRole('button', { name: 'Edit comment' }).click();
    await edited.getByRole('textbox', { name: 'Edit comment' }).fill('First!');
    await edited.getByRole('button', { name: 'Save' }).click();
    await edited.getByText('First!').waitFor();

    const b = await openAs(ben);
    await b.reload();
    const seen = b.getByRole('article').filter({ hasText: 'Smoke spots on Mirage' });
    await seen.waitFor();
    expect(
      await seen.getByRole('link', { name: 'https://devplay.example/mirage' }).getAttribute('rel'),
    ).toBe('noopener nofollow ugc');
    await seen.getByRole('button', { name: /Comments/ }).click();
    await seen.getByText('First!').waitFor();
    expect(await seen.locator('[title^="Edited "]').count()).toBe(2);
    expect(await seen.getByRole('button', { name: /Edit/ }).count()).toBe(0);
    await shoot(b, 'edited-mark');
  });

  it('opens the picture full size by keyboard and gives focus back on Escape', async () => {
    const b = await openAs(ben);
    const image = b.getByRole('button', { name: 'A tall map of mid with three smoke lines' });
    await image.focus();
    await b.keyboard.press('Enter');
    const viewer = b.getByRole('dialog', { name: 'A tall map of mid with three smoke lines' });
    await viewer.waitFor();
    const full = viewer.getByRole('img');
    await full.evaluate((img: HTMLImageElement) => img.decode());
    // Tall: drawn taller than the screen (it scrolls), not shrunk to fit its height.
    const drawn = await full.evaluate((img) => img.getBoundingClientRect().height);
    expect(drawn).toBeGreaterThan(VIEWPORTS.desktop.height);
    // Tab goes round the picture (scrollable by the arrows) and the close button, never out.
    const focused = () =>
      b.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    for (let i = 0; i < 4; i += 1) {
      await b.keyboard.press('Tab');
      expect(await focused()).toBe(true);
    }
    expect(await b.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Close image',
    );
    await shoot(b, 'image-viewer');
    // Chromium turns Escape into a close request, as Back on Android: the viewer answers those,
    // so it closes without a step through history.
    expect(await b.evaluate(() => 'CloseWatcher' in window)).toBe(true);
    const [address, entries] = await b.evaluate(() => [location.href, history.length] as const);
    await b.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await b.evaluate(() => [location.href, history.length])).toEqual([address, entries]);
    expect(await image.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
