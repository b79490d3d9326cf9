import { DATA_EXPORT_MESSAGES } from '@devplay/shared';
import { unzipSync } from 'fflate';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../apps/server/src/test/smtp-catcher';
import { axeViolations } from './support/axe';
import { launchBrowser, requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { registerMember, signInInBrowser, type E2eMember } from './support/members';
import { api, picture, seedMember } from './support/seed';
import { startServer } from './support/server';

const runs = requireBrowserOrSkip();

/**
 * "Download my data" from Settings: a member who posted a picture, commented, wrote to someone
 * and paid them asks for the archive, is mailed when it is ready, downloads it and finds all of
 * it inside. The journey keeps the SMTP catcher at hand, to read that mail.
 */
describe.runIf(runs)('downloading my data in Chromium', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let downloads: string;
  const contexts: BrowserContext[] = [];
  const ada = seedMember('ada');
  const bob = seedMember('bob');
  const seeded = {} as { postId: number; image: string };

  const tokenOf = async (member: E2eMember) =>
    (
      await api<{ token: string }>(server.url, '/signin', {
        method: 'POST',
        body: JSON.stringify({ email: member.email, password: member.password }),
      })
    ).token;

  /** Ada's post with a picture, a comment on it, a message to Bob and a payment to him. */
  async function seedAda() {
    const token = await tokenOf(ada);
    const form = new FormData();
    form.set('image', await picture(3, 1200, 800), 'photo.jpg');
    seeded.image = (
      await api<{ url: string }>(server.url, '/upload-image', {
        method: 'POST',
        body: form,
        token,
      })
    ).url;
    const post = { title: 'Banana control on Inferno', description: 'Three lineups that work.' };
    seeded.postId = (
      await api<{ id: number }>(server.url, '/post', {
        method: 'POST',
        body: JSON.stringify({ ...post, image: seeded.image }),
        token,
      })
    ).id;
    const send = (route: string, body: object) =>
      api(server.url, route, { method: 'POST', body: JSON.stringify(body), token });
    await send('/comment', { postId: seeded.postId, text: 'The second one needs a jump throw.' });
    const bobId = (await api<{ id: number }>(server.url, `/user/${bob.username}`, { token })).id;
    await send('/messages', { receiverId: bobId, text: 'Duo for the cup on Friday?' });
    await send('/transaction', {
      amount: 5,
      userName: bob.username,
      note: 'Entry fee',
      idempotencyKey: randomUUID(),
    });
  }

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startServer({ SMTP_URL: smtp.url, RATE_LIMITS: 'off' });
    browser = await launchBrowser();
    downloads = await mkdtemp(path.join(tmpdir(), 'devplay-downloads-'));
    await registerMember(server.url, smtp, ada);
    await registerMember(server.url, smtp, bob);
    await seedAda();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

  /** Ada's Settings in a browser of its own; `bypassCSP` lets axe's script in. */
  async function settingsOf(
    viewport: { width: number; height: number },
    colorScheme: 'light' | 'dark',
  ) {
    const context = await browser.newContext({ viewport, colorScheme, bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    await signInInBrowser(page, server.url, ada);
    await page.goto(`${server.url}/settings`);
    return { page, card: page.getByRole('region', { name: 'Your data' }) };
  }

  /** From the top: axe counts a control under the sticky header as too small to tap. */
  async function noViolations(page: Page) {
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
  }

  const json = (files: Record<string, Uint8Array>, name: string) =>
    JSON.parse(new TextDecoder().decode(files[name])) as unknown;

  it('makes the archive, mails Ada when it is ready, and saves it with all her data', async () => {
    const { page, card } = await settingsOf(VIEWPORTS.desktop, 'light');
    const start = card.getByRole('button', { name: 'Download my data' });
    await start.waitFor();
    await noViolations(page);
    await screenshot(page, 'export-none-desktop-light');
    await start.click();
    await card.getByText('We are making your archive…').waitFor();
    await card.getByText(`We will e-mail you at ${ada.email} when it is ready.`).waitFor();
    await noViolations(page);
    await screenshot(page, 'export-pending-desktop-light');

    const mail = await smtp.mailSaying(ada.email, DATA_EXPORT_MESSAGES.mailSubject);
    expect(mail.raw).toContain(`${server.url}/settings`);

    // The card asks again every 5 s while the archive is made: Download appears by itself.
    const download = card.getByRole('button', { name: 'Download', exact: true });
    await download.waitFor();
    await card.getByText(/^Your archive is ready until \d\d\.\d\d\.\d{4} \d\d:\d\d\.$/).waitFor();
    const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toMatch(/^devplay-ada-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = path.join(downloads, saved.suggestedFilename());
    await saved.saveAs(file);

    const files = unzipSync(await readFile(file));
    const image = `media/${seeded.image.split('/').at(-1)}`;
    expect(Object.keys(files).sort()).toEqual(
      [
        'calendar.json',
        'comments.json',
        'follows.json',
        'likes.json',
        image,
        'messages.json',
        'posts.json',
        'profile.json',
        'transactions.json',
      ].sort(),
    );
    expect(json(files, 'profile.json')).toMatchObject({ username: 'ada', email: ada.email });
    expect(json(files, 'posts.json')).toEqual([
      expect.objectContaining({ id: seeded.postId, image, commentsCount: 1 }),
    ]);
    expect(json(files, 'comments.json')).toEqual([
      expect.objectContaining({ postId: seeded.postId, postTitle: 'Banana control on Inferno' }),
    ]);
    expect(json(files, 'messages.json')).toEqual([
      expect.objectContaining({
        direction: 'sent',
        with: 'bob',
        text: 'Duo for the cup on Friday?',
      }),
    ]);
    expect(json(files, 'transactions.json')).toEqual([
      expect.objectContaining({ kind: 'welcome', direction: 'in' }),
      expect.objectContaining({
        direction: 'out',
        amount: 5,
        note: 'Entry fee',
        counterpart: 'bob',
      }),
    ]);
    const served = await fetch(`${server.url}${seeded.image}`);
    expect(Buffer.from(files[image]!).equals(Buffer.from(await served.arrayBuffer()))).toBe(true);
  });

  it.each([
    ['phone', 'dark'],
    ['phone', 'light'],
    ['desktop', 'dark'],
  ] as const)('reads well on a %s in the %s theme', async (device, theme) => {
    const { page, card } = await settingsOf(VIEWPORTS[device], theme);
    await card.getByRole('button', { name: 'Download', exact: true }).waitFor();
    await noViolations(page);
    await screenshot(page, `export-ready-${device}-${theme}`);
  });
});
