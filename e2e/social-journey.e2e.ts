import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../apps/server/src/test/smtp-catcher';
import { launchBrowser, requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { registerMember, signInInBrowser } from './support/members';
import { startServer } from './support/server';

const runs = requireBrowserOrSkip();

describe.runIf(runs)('social journey in Chromium', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  const contexts: BrowserContext[] = [];
  const alice = { email: 'alice@example.com', username: 'alice', password: 'Frag1!alice' };
  const bob = { email: 'bob@example.com', username: 'bob_builds', password: 'Frag1!bobby' };
  // Handed to the file inputs from memory: a fresh clone has no folder to keep it in.
  let picture: { name: string; mimeType: string; buffer: Buffer };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startServer({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
    await registerMember(server.url, smtp, alice);
    await registerMember(server.url, smtp, bob);
    const buffer = await sharp({
      create: { width: 1200, height: 675, channels: 3, background: '#7c3aed' },
    })
      .png()
      .toBuffer();
    picture = { name: 'e2e-picture.png', mimeType: 'image/png', buffer };
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  async function openAs(member: typeof alice) {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    contexts.push(context);
    const page = await context.newPage();
    await signInInBrowser(page, server.url, member);
    return page;
  }

  it('A posts with an image; B finds A, subscribes, likes and comments; A sees it and deletes the post', async () => {
    const a = await openAs(alice);
    const title = 'Ace on Inferno';

    // A publishes a post with an image.
    await a.getByLabel('Title', { exact: true }).fill(title);
    await a.getByLabel('Description', { exact: true }).fill('Five kills with a Deagle, no scope.');
    await a.locator('input[type="file"]').first().setInputFiles(picture);
    await a.getByRole('button', { name: 'Publish', exact: true }).click();
    await a.getByText('Your post has been published successfully!').waitFor();
    await a.getByRole('button', { name: /^Wait \d+s$/ }).waitFor();
    await a.getByRole('heading', { name: title }).waitFor();

    // B searches A in the header and subscribes on A's profile.
    const b = await openAs(bob);
    await b.getByRole('combobox', { name: 'Search users' }).first().fill('ALI');
    await b.getByRole('option', { name: /alice/ }).first().click();
    await b.waitForURL('**/user/alice');
    await b.getByRole('button', { name: 'Subscribe', exact: true }).first().click();
    await b.getByText('You are subscribed').waitFor();
    await screenshot(b, 'user-profile-desktop');
    await b.setViewportSize(VIEWPORTS.phone);
    await screenshot(b, 'user-profile-phone');
    await b.setViewportSize(VIEWPORTS.desktop);

    // B sees the post in the Following feed, likes it and comments.
    await b.goto(`${server.url}/home_page`);
    await b.getByRole('tab', { name: 'Following' }).click();
    const post = b.getByRole('article').filter({ hasText: title });
    await post.waitFor();
    await post.getByRole('button', { name: 'Like', exact: true }).click();
    await post.getByRole('button', { name: /1 like/ }).hover();
    await b
      .getByRole('group', { name: 'People who liked this post' })
      .getByRole('link')
      .first()
      .waitFor();
    await post.getByRole('button', { name: /Comments \(0\)/ }).click();
    await post.getByPlaceholder('Write a comment...').fill('Insane clutch!');
    await post.getByRole('button', { name: 'Send comment' }).click();
    await post.getByText('Insane clutch!').waitFor();
    await screenshot(b, 'home-feed-desktop');
    await b.setViewportSize(VIEWPORTS.phone);
    await screenshot(b, 'home-feed-phone');

    // A sees the comment, then deletes the post.
    await a.reload();
    const own = a.getByRole('article').filter({ hasText: title });
    await own.getByRole('button', { name: /Comments \(1\)/ }).click();
    await own.getByText('Insane clutch!').waitFor();
    // A's own reply has more buttons beside it than B's comment: the bubbles still end together.
    await own.getByPlaceholder('Write a comment...').fill('Thanks!');
    await own.getByRole('button', { name: 'Send comment' }).click();
    await own.getByRole('button', { name: 'Edit comment' }).waitFor();
    const rightEdges = await own
      .getByRole('listitem')
      .filter({ hasText: /Insane clutch!|Thanks!/ })
      .evaluateAll((items) =>
        items.map((item) => Math.round(item.children[1]!.getBoundingClientRect().right)),
      );
    expect(rightEdges).toHaveLength(2);
    expect(new Set(rightEdges).size).toBe(1);
    await own.getByRole('button', { name: `Delete post: ${title}` }).click();
    await a
      .getByRole('dialog')
      .getByRole('button', { name: /delete/i })
      .click();
    await expect.poll(() => a.getByRole('heading', { name: title }).count()).toBe(0);
    await a.goto(`${server.url}/profile`);
    await screenshot(a, 'own-profile-desktop');

    // B edits the profile with a new avatar.
    await b.setViewportSize(VIEWPORTS.desktop);
    await b.goto(`${server.url}/settings`);
    await b.getByLabel('Full name', { exact: true }).fill('Bob the Builder');
    await b.getByLabel('Age', { exact: true }).fill('29');
    await b.getByLabel('Bio', { exact: true }).fill('Builds maps, breaks rules.');
    await b.locator('input[type="file"]').first().setInputFiles(picture);
    await b.getByRole('button', { name: 'Save changes' }).click();
    await b.getByText('Profile updated successfully').waitFor();
    await screenshot(b, 'settings-desktop');
  });

  it("B's browser asks again for the newest posts on every visit: a 304 while they read the same, A's new post at once", async () => {
    const b = await openAs(bob);
    // The first answer must be in the browser's cache before the reload can revalidate it.
    await b.getByRole('article').or(b.getByText('No posts yet.')).first().waitFor();
    // What the server itself answered to the feed's first page: the page sees a cached 200 either
    // way, so the raw status comes from the browser's network layer (Chromium's DevTools protocol).
    const cdp = await b.context().newCDPSession(b);
    // The raw status (…ExtraInfo) may arrive before the request's own event, so both are kept by
    // id and joined when asked.
    const feedRequests = new Set<string>();
    const rawStatuses = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/posts' && !url.searchParams.has('cursor'))
        feedRequests.add(requestId);
    });
    cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
      rawStatuses.set(requestId, statusCode);
    });
    const feedStatuses = () => [...feedRequests].map((id) => rawStatuses.get(id));
    await cdp.send('Network.enable');
    await b.reload();
    await expect.poll(feedStatuses).toContain(304);

    const signIn = await fetch(`${server.url}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: alice.email, password: alice.password }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const published = await fetch(`${server.url}/api/post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': token },
      body: JSON.stringify({
        title: 'Fresh from the server',
        description: 'No cache holds me back',
        video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      }),
    });
    expect(published.status).toBe(201);
    await b.reload();
    await b.getByRole('heading', { name: 'Fresh from the server' }).waitFor();
    await screenshot(b, 'home-feed-after-revalidation-desktop');
  });
});
