import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { useJourney } from './support/journey';
import { api, seedMember } from './support/seed';

const runs = requireBrowserOrSkip();

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** The header's bell; its name carries the unread count. */
const bell = (page: Page, unread: number) =>
  page.getByRole('banner').getByRole('link', {
    name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
    exact: true,
  });

/** The list of members to mention as axe and a person see it, at one size. */
async function lookAt(page: Page, name: string) {
  await page.getByRole('listbox', { name: 'Members to mention' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, name);
}

describe.runIf(runs)('mentions in Chromium', () => {
  const ada = seedMember('ada');
  const bob = seedMember('bob');
  const boris = seedMember('boris');
  const journey = useJourney([ada, bob, boris]);

  it('A mentions B in a comment, picking him with the keyboard; his bell rings live; the link opens his profile', async () => {
    const { token } = await api<{ token: string }>(journey.url, '/signin', {
      method: 'POST',
      body: JSON.stringify({ email: ada.email, password: ada.password }),
    });
    const title = 'Desk setup';
    const post = await api<{ id: number }>(journey.url, '/post', {
      method: 'POST',
      token,
      body: JSON.stringify({ title, description: 'Where the clutches happen.', video: VIDEO }),
    });
    const b = await journey.openAs(bob);
    await bell(b, 0).waitFor();

    const a = await journey.openAs(ada, VIEWPORTS.desktop, { bypassCSP: true });
    await a.goto(`${journey.url}/post/${post.id}`);
    // In the edit dialog, Escape closes the list first and only then the dialog.
    await a.getByRole('button', { name: `Edit post: ${title}` }).click();
    const dialog = a.getByRole('dialog', { name: 'Edit post' });
    const description = dialog.getByRole('textbox', { name: /Description/ });
    await description.press('End');
    await description.pressSequentially(' with @bo');
    const list = a.getByRole('listbox', { name: 'Members to mention' });
    await list.getByRole('option').first().waitFor();
    // The textarea keeps its textbox role and points at the list: axe allows all of it.
    expect(await axeViolations(a)).toEqual([]);
    await screenshot(a, 'mentions-edit-dialog-desktop');
    await description.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await description.getAttribute('aria-activedescendant')).toBeNull();
    await description.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const box = a.getByRole('combobox', { name: 'Write a comment' });
    await box.click();
    await box.pressSequentially('Nice angle @bo');
    const options = a.getByRole('listbox', { name: 'Members to mention' }).getByRole('option');
    await expect.poll(() => options.allInnerTexts()).toHaveLength(2);
    const names = (await options.allInnerTexts()).map((text) => text.split('\n').at(-1));
    expect(names.sort()).toEqual(['@bob', '@boris']);
    expect(await box.getAttribute('aria-expanded')).toBe('true');

    // The list open, at both sizes: axe finds nothing, and the screenshots are looked at.
    await lookAt(a, 'mentions-list-desktop');
    await a.setViewportSize(VIEWPORTS.phone);
    await lookAt(a, 'mentions-list-phone');
    await a.setViewportSize(VIEWPORTS.desktop);

    // Down to Bob, whichever place the search gave him, then Enter picks instead of sending.
    const bobOption = options.filter({ hasText: '@bob' }).filter({ hasNotText: '@boris' });
    const bobId = await bobOption.getAttribute('id');
    while ((await box.getAttribute('aria-activedescendant')) !== bobId)
      await box.press('ArrowDown');
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Nice angle @bob ');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('Enter');

    const comment = a.getByRole('link', { name: '@bob', exact: true });
    await comment.waitFor();
    await bell(b, 1).waitFor();
    await bell(b, 1).click();
    await b.waitForURL('**/notifications');
    await b.getByRole('link', { name: `ada mentioned you in a comment on “${title}”` }).waitFor();

    await comment.click();
    await a.waitForURL('**/user/bob');
    await a.getByRole('heading', { name: 'bob' }).first().waitFor();
  });
});
