import { SAFETY_MESSAGES, type UserSummary } from '@devplay/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import {
  launchBrowser,
  requireBrowserOrSkip,
  screenshot,
  switchScheme,
  VIEWPORTS,
} from './support/browser';
import { useJourney } from './support/journey';
import { api } from './support/seed';

const runs = requireBrowserOrSkip();

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

type Member = { email: string; password: string };

const signIn = (baseUrl: string, member: Member) =>
  api<{ token: string; user: UserSummary }>(baseUrl, '/signin', {
    method: 'POST',
    body: JSON.stringify({ email: member.email, password: member.password }),
  });

async function publishAs(baseUrl: string, member: Member, title: string) {
  const { token } = await signIn(baseUrl, member);
  await api(baseUrl, '/post', {
    method: 'POST',
    token,
    body: JSON.stringify({ title, description: `${title}, in a few words.`, video: VIDEO }),
  });
}

/** axe-core's script is injected, which the site's CSP would refuse. */
const AXE = { bypassCSP: true };
const noViolations = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

/** The other size and theme for a moment (axe and a screenshot), then back as it was. */
async function inOtherLook(page: Page, name: string, { dark }: { dark: boolean }) {
  const size = page.viewportSize()!;
  const other = size.width > VIEWPORTS.phone.width ? VIEWPORTS.phone : VIEWPORTS.desktop;
  await page.setViewportSize(other);
  // Without motion the new theme's colours are there at once, not halfway through a transition.
  await switchScheme(page, dark ? 'dark' : 'light', 'reduce');
  await noViolations(page);
  await screenshot(page, name);
  await page.setViewportSize(size);
  await switchScheme(page, dark ? 'light' : 'dark', 'no-preference');
}

describe.runIf(runs)('blocks and registrations in Chromium', () => {
  const admin = { email: 'admin@example.com', username: 'admin', password: 'Frag1!admin' };
  const ada = { email: 'ada@example.com', username: 'ada', password: 'Frag1!adaaa' };
  const bob = { email: 'bob@example.com', username: 'bob_trolls', password: 'Frag1!bobby' };
  const mal = { email: 'mal@example.com', username: 'mallory', password: 'Frag1!malll' };
  // Five members sign in a dozen times within a minute, past the per-address sign-in limit.
  const journey = useJourney([admin, ada, bob, mal], {
    env: { ADMIN_EMAILS: admin.email, RATE_LIMITS: 'off' },
  });

  it('A blocks B from his profile: his posts leave her feed, he sees only her name, Settings lists him', async () => {
    await publishAs(journey.url, bob, 'Bob was here');
    await publishAs(journey.url, admin, 'House rules');

    const a = await journey.openAs(ada, VIEWPORTS.desktop, AXE);
    await a.getByRole('heading', { name: 'Bob was here' }).waitFor();

    await a.goto(`${journey.url}/user/${bob.username}`);
    await a.getByRole('button', { name: `More actions for @${bob.username}` }).click();
    await a.getByRole('menuitem', { name: 'Block' }).click();
    const dialog = a.getByRole('dialog', { name: `Block @${bob.username}?` });
    await dialog.waitFor();
    await noViolations(a);
    await screenshot(a, 'safety-block-dialog');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await a.getByRole('button', { name: `Unblock @${bob.username}` }).waitFor();
    await screenshot(a, 'safety-blocked-profile');

    // The admin's post shows, so the feed has loaded: Bob's is gone, not still on its way.
    await a.goto(`${journey.url}/home_page`);
    await a.getByRole('heading', { name: 'House rules' }).waitFor();
    expect(await a.getByRole('heading', { name: 'Bob was here' }).count()).toBe(0);

    await a.goto(`${journey.url}/settings`);
    const blocked = a.getByRole('region', { name: 'Blocked' });
    await blocked.getByText(bob.username).first().waitFor();
    await a.getByRole('region', { name: 'Privacy' }).waitFor();
    await noViolations(a);
    await screenshot(a, 'safety-settings-desktop');
    await a.setViewportSize(VIEWPORTS.phone);
    await screenshot(a, 'safety-settings-phone');

    const b = await journey.openAs(bob, VIEWPORTS.phone, AXE);
    await b.goto(`${journey.url}/user/${ada.username}`);
    await b.getByText(SAFETY_MESSAGES.blocked).waitFor();
    await screenshot(b, 'safety-blocked-by-profile-phone');
    // By its words: the suggestions' "+" buttons are named Subscribe too.
    expect(await b.getByText('Subscribe', { exact: true }).count()).toBe(0);
    expect(await b.getByRole('link', { name: 'Write a message' }).count()).toBe(0);
    await noViolations(b);
  });

  it('B harasses A in messages; A reports it and blocks B; the admin, told live, suspends B, who is signed out and told', async () => {
    const insult = 'Quit the tournament, nobody wants you there';
    const [{ user: adaUser }, { user: malUser }] = [
      await signIn(journey.url, ada),
      await signIn(journey.url, mal),
    ];
    await publishAs(journey.url, mal, 'Mallory was here');
    await publishAs(journey.url, ada, 'My tournament notes');

    const boss = await journey.openAs(admin, VIEWPORTS.desktop, AXE);
    await boss.goto(`${journey.url}/admin`);
    await boss.getByRole('tab', { name: 'Reports' }).click();
    await boss.getByText('No open reports: nothing waits for an admin.').waitFor();

    const b = await journey.openAs(mal, VIEWPORTS.phone, AXE);
    await b.goto(`${journey.url}/message/${adaUser.id}`);
    await b.getByPlaceholder('Enter message...').fill(insult);
    await b.keyboard.press('Enter');
    await b.getByText(insult).waitFor();

    const a = await journey.openAs(ada, VIEWPORTS.phone, { ...AXE, colorScheme: 'dark' });
    await a.goto(`${journey.url}/message/${malUser.id}`);
    await a.getByText(insult).waitFor();
    await a.getByRole('button', { name: /^Report the message of / }).click();
    const dialog = a.getByRole('dialog', { name: `Report a message from @${mal.username}` });
    await dialog.waitFor();
    await noViolations(a);
    await screenshot(a, 'safety-report-dialog-phone-dark');
    await inOtherLook(a, 'safety-report-dialog-desktop-light', { dark: false });
    await dialog.getByRole('radio', { name: 'Harassment' }).check();
    await dialog.getByLabel(/Anything an admin should know/).fill('Every day since the draw.');
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    const thanks = a.getByRole('dialog', { name: SAFETY_MESSAGES.reportThanks });
    await thanks.waitFor();
    await noViolations(a);
    await screenshot(a, 'safety-report-thanks-phone-dark');
    await thanks.getByRole('button', { name: `Block @${mal.username}` }).click();
    await a.getByText(SAFETY_MESSAGES.blocked).first().waitFor();

    // Live: the admin's open tab shows the report without a reload.
    const row = boss.getByRole('article', { name: `Report of a message by ${mal.username}` });
    await row.getByText(insult).waitFor();
    await boss.getByRole('tab', { name: /Reports.*1 open report/ }).waitFor();
    await noViolations(boss);
    await screenshot(boss, 'safety-reports-tab-desktop');
    await inOtherLook(boss, 'safety-reports-tab-phone-dark', { dark: true });
    await row.getByRole('button', { name: 'Suspend' }).click();
    const suspend = boss.getByRole('dialog', { name: `Suspend ${mal.username}?` });
    await suspend.getByRole('combobox', { name: 'Duration' }).selectOption({ label: '7 days' });
    await suspend.getByRole('textbox', { name: /Reason/ }).fill('Harassment in messages');
    await noViolations(boss);
    await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
    await boss.getByText(`${mal.username} was suspended`).waitFor();

    // B's tab is signed out on the spot and says until when.
    await b.getByText(/^Your account is suspended until \d\d\.\d\d\.\d{4} \d\d:\d\d\.$/).waitFor();
    await b.getByRole('form', { name: 'Sign in' }).waitFor();
    await noViolations(b);
    await screenshot(b, 'safety-suspended-signed-out-phone');

    await a.goto(`${journey.url}/home_page`);
    await a.getByRole('heading', { name: 'My tournament notes' }).waitFor();
    expect(await a.getByRole('heading', { name: 'Mallory was here' }).count()).toBe(0);
  });

  it('an admin closes sign-ups; the welcome screen says so instead of the form', async () => {
    const boss = await journey.openAs(admin, VIEWPORTS.desktop, AXE);
    await boss.goto(`${journey.url}/admin`);
    await boss.getByRole('tab', { name: 'Settings' }).click();
    await boss.getByRole('radio', { name: /closed/i }).check();
    await boss.getByRole('button', { name: 'Save' }).click();
    await boss.getByText(/saved/i).first().waitFor();
    await noViolations(boss);
    await screenshot(boss, 'registrations-admin-settings');

    const browser = await launchBrowser();
    try {
      const stranger = await browser.newPage({ viewport: VIEWPORTS.phone, ...AXE });
      await stranger.goto(journey.url);
      await stranger
        .getByRole('group', { name: 'Choose a form' })
        .getByRole('button', { name: 'Sign up' })
        .click();
      await stranger.getByText(SAFETY_MESSAGES.registrationsClosed).waitFor();
      expect(await stranger.getByRole('form', { name: 'Sign up' }).count()).toBe(0);
      await noViolations(stranger);
      await screenshot(stranger, 'registrations-closed-welcome-phone');
    } finally {
      await browser.close();
    }
  });
});
