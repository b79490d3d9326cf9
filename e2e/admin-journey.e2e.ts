import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { useJourney } from './support/journey';
import type { E2eMember } from './support/members';

const runs = requireBrowserOrSkip();

/** The member's content, made through the API: the social journey covers those screens. */
async function api(baseUrl: string, member: E2eMember) {
  const signIn = await fetch(`${baseUrl}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  const { token } = (await signIn.json()) as { token: string };
  return async (method: string, path: string, body?: object) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { 'access-token': token, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: () => response.json() as Promise<{ id: number }> };
  };
}

const openTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

async function deleteConfirmed(page: Page, buttonName: string) {
  await page.getByRole('button', { name: buttonName }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: buttonName }).count()).toBe(0);
}

describe.runIf(runs)('admin panel and home widgets in Chromium', () => {
  const admin = { email: 'admin@example.com', username: 'admin', password: 'Panel1!admin' };
  const member = { email: 'bob@example.com', username: 'bob', password: 'Panel1!member' };
  const journey = useJourney([admin, member], { env: { ADMIN_EMAILS: admin.email } });

  it('an admin removes a post and a comment and adds a map, all in Audit; a member is kept out', async () => {
    const asBob = await api(journey.url, member);
    const post = await (
      await asBob('POST', '/post', {
        title: 'Doomed post',
        description: 'This post will be removed by an admin',
        video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      })
    ).json();
    await asBob('POST', '/comment', { postId: post.id, text: 'Doomed comment' });

    const bob = await journey.openAs(member);
    await bob.goto(`${journey.url}/admin`);
    await bob.waitForURL((url) => !url.pathname.startsWith('/admin'));

    const boss = await journey.openAs(admin);
    await boss.goto(`${journey.url}/admin`);
    await boss.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await screenshot(boss, 'admin-users-desktop');

    await openTab(boss, 'Comments');
    await deleteConfirmed(boss, 'Delete comment by bob');
    await openTab(boss, 'Posts');
    await deleteConfirmed(boss, 'Delete post Doomed post');

    await openTab(boss, 'Maps');
    const mapForm = boss.getByRole('form', { name: 'Add a map' });
    await mapForm.getByLabel('Map name').fill('Mirage');
    await mapForm.getByLabel('Description').fill('A desert town with a palace and a market');
    await mapForm.getByRole('button', { name: 'Add map' }).click();
    await boss.getByRole('button', { name: 'Delete map Mirage' }).waitFor();

    await openTab(boss, 'Audit');
    const log = boss.getByRole('tabpanel').getByRole('listitem');
    for (const action of ['Map added', 'Post deleted', 'Comment deleted']) {
      await log.filter({ hasText: action }).first().waitFor();
    }
    await screenshot(boss, 'admin-audit-desktop');

    // The member's post and its comment are gone for them too.
    expect((await asBob('GET', `/comments-count/${post.id}`)).status).toBe(404);
  });

  it('shows weather and news from the providers on desktop and phone; the carousel advances', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const page = await journey.openAs(member, viewport);
      const weather = page.getByRole('region', { name: 'Weather' }).filter({ visible: true });
      await weather.getByText('Berlin').waitFor();
      const news = page.getByRole('region', { name: 'News' }).filter({ visible: true });
      await news.getByText('1 / 2').waitFor();
      await screenshot(page, `home-widgets-${name}`);
      // An empty city is refused in place: its error goes below the field, Show stays beside it.
      const show = weather.getByRole('button', { name: 'Show' });
      await show.click();
      await weather
        .getByRole('textbox', { name: 'City' })
        .and(weather.locator('[aria-invalid="true"]'))
        .waitFor();
      const middle = async (element: typeof show) => {
        const box = (await element.boundingBox())!;
        return Math.round(box.y + box.height / 2);
      };
      expect(await middle(show)).toBe(await middle(weather.getByRole('textbox', { name: 'City' })));
      if (name === 'desktop') await news.getByText('2 / 2').waitFor({ timeout: 15_000 });
    }
  });
});
