import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushReceiver, type PushReceiver } from '../apps/server/src/test/push-receiver';
import { axeViolations } from './support/axe';
import {
  BROWSER_FLAGS,
  chromePath,
  requireBrowserOrSkip,
  screenshot,
  VIEWPORTS,
} from './support/browser';
import { useJourney } from './support/journey';
import { signInInBrowser, type E2eMember } from './support/members';
import {
  clickNotification,
  controlled,
  pushDelivery,
  shownNotifications,
  subscribeToReceiver,
} from './support/push';
import { api, picture, seedMember } from './support/seed';

const runs = requireBrowserOrSkip();

describe.runIf(runs)('the installable app and push in Chromium', () => {
  const ada = seedMember('ada');
  const ben = seedMember('ben');
  // The receiver listens on 127.0.0.1 with a certificate of its own making.
  const journey = useJourney([ada, ben], {
    env: { PUSH_ALLOW_PRIVATE_HOSTS: 'on', NODE_TLS_REJECT_UNAUTHORIZED: '0' },
  });
  let receiver: PushReceiver;
  beforeAll(async () => {
    receiver = await startPushReceiver();
  });
  afterAll(() => receiver?.close());

  async function tokenOf(member: E2eMember) {
    const body = JSON.stringify({ email: member.email, password: member.password });
    return (await api<{ token: string }>(journey.url, '/signin', { method: 'POST', body })).token;
  }

  async function publish(member: E2eMember, title: string) {
    const token = await tokenOf(member);
    const form = new FormData();
    form.append('image', await picture(3, 800, 450));
    const upload = { method: 'POST', body: form, token };
    const { url } = await api<{ url: string }>(journey.url, '/upload-image', upload);
    const body = JSON.stringify({ title, description: 'For the push journey.', image: url });
    return api<{ id: number }>(journey.url, '/post', { method: 'POST', body, token });
  }

  async function noViolations(page: Page) {
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
  }

  it('is installable: no installability errors on /home_page, the manifest and worker served fresh', async () => {
    // Chromium installs nothing from an incognito profile, which every new context is: this one
    // has a profile on disk.
    const profile = await mkdtemp(path.join(tmpdir(), 'devplay-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath,
      args: BROWSER_FLAGS,
      viewport: VIEWPORTS.desktop,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await signInInBrowser(page, journey.url, ada);
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }

    const manifestAnswer = await fetch(`${journey.url}/manifest.webmanifest`);
    expect(manifestAnswer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifestAnswer.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await manifestAnswer.json()) as {
      icons: { sizes: string; purpose: string }[];
      shortcuts: { url: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'DevPlay',
      short_name: 'DevPlay',
      start_url: '/home_page',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual([
      '/message',
      '/notifications',
    ]);
    const workerAnswer = await fetch(`${journey.url}/sw.js`);
    expect(workerAnswer.headers.get('content-type')).toMatch(/javascript/);
    expect(workerAnswer.headers.get('cache-control')).toBe('no-cache');
  });

  it('shows the offline page for a page address when the network is gone, the app again when back', async () => {
    const page = await journey.openAs(ada);
    await controlled(page);

    await page.context().setOffline(true);
    await page.goto(`${journey.url}/notifications`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    // Nothing but the page itself is reachable: its logo is drawn in it, no image left broken.
    await page.locator('main svg').waitFor();
    expect(
      await page.evaluate(() => [...document.images].every((image) => image.naturalWidth > 0)),
    ).toBe(true);
    await screenshot(page, 'offline-page');

    await page.context().setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Notifications' }).first().waitFor();
    // An open list reads what comes, and a notification read before its push leaves is not pushed.
    await page.context().close();
  });

  it('turns push on in Settings, pushes a like of the post as a notification, and the click opens the post', async () => {
    const device = receiver.device('ada-browser');
    const page = await journey.openAs(ada, VIEWPORTS.desktop, { bypassCSP: true });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: journey.url });
    await context.addInitScript(subscribeToReceiver, device);
    await page.goto(`${journey.url}/settings`);
    await controlled(page);

    const card = page.getByRole('region', { name: 'Push notifications' });
    const toggle = card.getByRole('switch', { name: 'Push notifications on this device' });
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await card.getByRole('group', { name: 'Push to this device for' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'push-settings-desktop');
    await noViolations(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await noViolations(page);
    await page.setViewportSize(VIEWPORTS.desktop);

    // Ben likes Ada's post: the server pushes to the device Ada subscribed (the receiver).
    const post = await publish(ada, 'Desk setup');
    const delivered = receiver.next('ada-browser');
    const body = JSON.stringify({ post_id: post.id });
    await api(journey.url, '/like', { method: 'POST', body, token: await tokenOf(ben) });
    const { payload } = await delivered;
    expect(payload).toMatchObject({ url: `/post/${post.id}` });
    expect(receiver.errors).toEqual([]);

    const deliver = await pushDelivery(page, journey.url);
    await deliver(payload);
    const { title, body: text, tag } = payload as { title: string; body: string; tag: string };
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ title, body: text, url: `/post/${post.id}`, tag }]);
    expect(title).toContain('ben');

    // The click, through the worker's own handler (no system notification to click headless).
    await page.goto(`${journey.url}/home_page`);
    await clickNotification(context);
    await page.waitForURL(`**/post/${post.id}`);
    await page.getByRole('heading', { name: 'Desk setup' }).waitFor();
    expect(await shownNotifications(page)).toEqual([]);

    // Ben's message, pushed while Ada is on the post (the server pushes only unread messages),
    // reaches the worker once she has opened and looks at that chat: it shows no notification.
    // The like, delivered after it, does: once it is there, the message's push was handled.
    const benToken = await tokenOf(ben);
    const idOf = async (member: E2eMember) =>
      (await api<{ id: number }>(journey.url, `/user/${member.username}`, { token: benToken })).id;
    const benId = await idOf(ben);
    const messaged = receiver.next('ada-browser');
    const message = JSON.stringify({ receiverId: await idOf(ada), text: 'see you at eight' });
    await api(journey.url, '/messages', { method: 'POST', body: message, token: benToken });
    const pushed = (await messaged).payload as { url: string };
    expect(pushed.url).toBe(`/message/${benId}`);
    await page.goto(`${journey.url}/message/${benId}`);
    await page.getByText('see you at eight').waitFor();
    expect(await page.evaluate(() => document.hasFocus())).toBe(true);
    await deliver(pushed);
    await deliver(payload);
    await expect.poll(() => shownNotifications(page)).toHaveLength(1);
    expect(await shownNotifications(page)).toEqual([
      { title, body: text, url: `/post/${post.id}`, tag },
    ]);
  });

  it('says a new version is available and reloads into it on Reload', async () => {
    const page = await journey.openAs(ada, VIEWPORTS.desktop, { bypassCSP: true });
    await controlled(page);

    // Another script address for the same scope is a new worker, as a new build's would be.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next', { scope: '/' }));
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await banner.waitFor();
    await screenshot(page, 'update-banner-desktop');
    await noViolations(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await noViolations(page);
    await screenshot(page, 'update-banner-phone');

    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
      .toMatch(/\/sw\.js\?next$/);
  });
});
