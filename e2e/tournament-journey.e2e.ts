import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { useJourney } from './support/journey';

const runs = requireBrowserOrSkip();

const TABS = {
  rules: 'Rules',
  participants: 'List of Participants',
  rondom: 'Rondom',
  table: 'Tournament Table',
  details: 'Match Details',
} as const;

const openTab = (page: Page, tab: keyof typeof TABS) =>
  page.getByRole('tab', { name: TABS[tab], exact: true }).click();

describe.runIf(runs)('tournament in Chromium', () => {
  const admin = { email: 'admin@example.com', username: 'admin', password: 'Frag1!admin' };
  // One name as long as a username may be: the admin's player lists show it whole.
  const longName = 'hotel.with.a.very.long.handle';
  const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', longName];
  const players = names.map((name) => ({
    email: `${name}@example.com`,
    username: name,
    password: 'Frag1!player',
  }));
  // Nine sign-ups from one address would trip the sign-up limit, which is not under test here.
  const journey = useJourney([admin, ...players], {
    env: { ADMIN_EMAILS: admin.email, RATE_LIMITS: 'off' },
  });

  it('an admin adds 8, pairs them, applies round 1, sets a result; a member sees it live, read-only', async () => {
    const boss = await journey.openAs(admin);
    await boss.goto(`${journey.url}/tournament`);
    await boss.getByRole('heading', { name: 'Rules of the 1v1 CS tournament' }).waitFor();

    await openTab(boss, 'participants');
    const search = boss.getByRole('combobox', { name: 'Add a participant' });
    for (const [index, name] of names.entries()) {
      await search.fill(name);
      await boss.getByRole('option', { name: new RegExp(`@${name}`) }).click();
      const count = index + 1;
      await boss
        .getByRole('heading', { name: `${count} ${count === 1 ? 'participant' : 'participants'}` })
        .waitFor();
    }

    await openTab(boss, 'rondom');
    await boss.getByRole('button', { name: 'Shuffle & Pair All' }).click();
    await boss.getByRole('heading', { name: 'Pairs (4)' }).waitFor();
    await boss.getByRole('button', { name: 'Apply to round 1' }).click();
    await boss.getByRole('dialog').getByRole('button', { name: 'Apply to round 1' }).click();
    await boss.getByText('Round 1 now has 4 pairs from the draw').waitFor();

    // The member watches the table in a browser of their own.
    const member = await journey.openAs(players[0]!);
    await member.goto(`${journey.url}/tournament?tab=table`);
    const memberMatch = member.getByRole('article', { name: 'Round 1 · Match 1' });
    await memberMatch.getByText('Score –').waitFor();
    expect(await member.getByRole('tabpanel').getByRole('combobox').count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Reset Bracket' }).count()).toBe(0);

    await openTab(boss, 'table');
    // Whole on the admin's editable table and on the member's read-only one, on a phone too.
    await member.setViewportSize(VIEWPORTS.phone);
    for (const page of [boss, member]) {
      const longNameShown = page.getByText(longName, { exact: true }).filter({ visible: true });
      await longNameShown.first().waitFor();
      for (const shown of await longNameShown.all()) {
        expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      }
    }
    await member.setViewportSize(VIEWPORTS.desktop);
    const first = boss.getByRole('combobox', { name: 'Player 1, Round 1 · Match 1' });
    const winnerId = await first.inputValue();
    const winner = (await first.locator('option:checked').textContent())!.trim();
    expect(names).toContain(winner);
    await boss.getByRole('textbox', { name: 'Score of player 1, Round 1 · Match 1' }).fill('2');
    await boss.getByRole('textbox', { name: 'Score of player 2, Round 1 · Match 1' }).fill('0');
    await boss.keyboard.press('Enter');
    await boss.getByRole('button', { name: `Winner: ${winner}, Round 1 · Match 1` }).click();
    // The winner moves on into round 2 by themself.
    await expect
      .poll(() => boss.getByRole('combobox', { name: 'Player 1, Round 2 · Match 1' }).inputValue())
      .toBe(winnerId);

    // No reload on the member's side: tournament:changed brings the result.
    await memberMatch.getByText('Score 2:0').waitFor();
    await member.getByRole('article', { name: 'Round 2 · Match 1' }).getByText(winner).waitFor();
    await memberMatch.getByText('winner').waitFor();
    expect(await member.getByRole('tabpanel').getByRole('combobox').count()).toBe(0);

    // Dates are typed and shown as everywhere on the site, whatever the browser's locale.
    await boss.getByRole('textbox', { name: 'Date, Round 1 · Match 1' }).fill('4.12.2027');
    await boss.getByRole('textbox', { name: 'Time, Round 1 · Match 1' }).fill('20.00');
    await boss.keyboard.press('Enter');
    await memberMatch.getByText('04.12.2027 20:00').waitFor();
    await openTab(member, 'details');
    const details = member.getByRole('article', { name: 'Round 1 · Match 1' });
    await details.getByText('04.12.2027 20:00').waitFor();
    await openTab(member, 'table');

    for (const tab of Object.keys(TABS) as (keyof typeof TABS)[]) {
      await openTab(boss, tab);
      await openTab(member, tab);
      await boss.waitForLoadState('networkidle');
      await member.waitForLoadState('networkidle');
      await screenshot(boss, `tournament-${tab}-admin-desktop`);
      await member.setViewportSize(VIEWPORTS.phone);
      await screenshot(member, `tournament-${tab}-member-phone`);
      await member.setViewportSize(VIEWPORTS.desktop);
    }
  });
});
