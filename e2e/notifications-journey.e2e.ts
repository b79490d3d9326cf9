import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { useJourney } from './support/journey';
import type { E2eMember } from './support/members';
import { api, picture, seedMember } from './support/seed';

const runs = requireBrowserOrSkip();

describe.runIf(runs)('notifications in Chromium', () => {
  const alice = seedMember('alice');
  const bob = seedMember('bob');
  const carol = seedMember('carol');
  const journey = useJourney([alice, bob, carol]);

  /** What others do reaches A through the server, as if from their own computers. */
  async function actAs(member: E2eMember) {
    const { token } = await api<{ token: string }>(journey.url, '/signin', {
      method: 'POST',
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    const send = <T>(path: string, body: object) =>
      api<T>(journey.url, path, { method: 'POST', body: JSON.stringify(body), token });
    return {
      send,
      async publish(title: string, seed: number) {
        const form = new FormData();
        form.append('image', await picture(seed, 1200, 675));
        const upload = { method: 'POST', body: form, token };
        const { url } = await api<{ url: string }>(journey.url, '/upload-image', upload);
        const description = 'Posted for the notifications journey.';
        return send<{ id: number }>('/post', { title, description, image: url });
      },
    };
  }

  /** The header's bell; its name carries the unread count. */
  const bell = (page: Page, unread: number) =>
    page.getByRole('banner').getByRole('link', {
      name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
      exact: true,
    });

  it('B subscribes, likes, comments and pays; A sees the bell rise live, reads the groups, opens the post; a new post of B waits behind "1 new post"', async () => {
    const title = 'Ace on Inferno';
    const fromAlice = await actAs(alice);
    const post = await fromAlice.publish(title, 1);
    const a = await journey.openAs(alice);
    await a.getByRole('heading', { name: title }).waitFor();
    await bell(a, 0).waitFor();

    // Each event reaches A's open home page over the socket: no reload anywhere below.
    const fromBob = await actAs(bob);
    await fromBob.send('/follow', { username: alice.username });
    await bell(a, 1).waitFor();
    const profile = a.getByRole('region', { name: 'Your profile' });
    await profile.getByRole('link', { name: '1 Subscriber' }).waitFor();
    await fromBob.send('/like', { post_id: post.id });
    await bell(a, 2).waitFor();
    // Carol's like joins the unread like group: still two unread groups.
    await (await actAs(carol)).send('/like', { post_id: post.id });
    await fromBob.send('/comment', { postId: post.id, text: 'Insane clutch!' });
    await bell(a, 3).waitFor();
    await fromBob.send('/transaction', {
      amount: 12.5,
      userName: alice.username,
      note: 'For the server costs',
      idempotencyKey: crypto.randomUUID(),
    });
    await bell(a, 4).waitFor();
    await expect.poll(() => a.title()).toMatch(/^\(4\)/);

    await bell(a, 4).click();
    await a.waitForURL('**/notifications');
    const list = a.getByRole('list', { name: 'Notifications' });
    const rows = list.getByRole('listitem');
    await rows.nth(3).waitFor();
    // Newest first; Carol's like joined Bob's, the comment and the transfer stand alone.
    expect(await list.getByRole('link').allInnerTexts()).toEqual([
      'bob sent you €12.50: For the server costs',
      'bob commented on “Ace on Inferno”: Insane clutch!',
      'carol and bob liked “Ace on Inferno”',
      'bob subscribed to you',
    ]);
    expect(await rows.getByText('New', { exact: true }).count()).toBe(4);
    // Opening the list reads what it shows; the rows keep their "New" for this visit.
    await bell(a, 0).waitFor();
    await screenshot(a, 'notifications-desktop');
    await a.setViewportSize(VIEWPORTS.phone);
    await screenshot(a, 'notifications-phone');
    await a.setViewportSize(VIEWPORTS.desktop);

    await list.getByRole('link', { name: 'carol and bob liked “Ace on Inferno”' }).click();
    await a.waitForURL(`**/post/${post.id}`);
    await a.getByRole('heading', { name: title }).waitFor();
    await a.getByText('Insane clutch!').waitFor();
    await bell(a, 0).waitFor();
    await expect.poll(() => a.title()).not.toMatch(/^\(\d+\)/);
    await screenshot(a, 'notification-post-page-desktop');

    // B's new post waits behind the button on A's feed until A asks for it.
    await a.getByRole('link', { name: 'Home', exact: true }).first().click();
    await a.getByRole('heading', { name: title }).waitFor();
    await fromBob.publish('Retake on Mirage', 2);
    const newPosts = a.getByRole('button', { name: '1 new post' });
    await newPosts.waitFor();
    expect(await a.getByRole('heading', { name: 'Retake on Mirage' }).count()).toBe(0);
    await screenshot(a, 'feed-new-posts-desktop');
    await a.setViewportSize(VIEWPORTS.phone);
    await screenshot(a, 'feed-new-posts-phone');
    await newPosts.click();
    await expect
      .poll(() => a.getByRole('article').first().getByRole('heading').first().innerText())
      .toBe('Retake on Mirage');
    await expect.poll(() => newPosts.count()).toBe(0);
  });
});
