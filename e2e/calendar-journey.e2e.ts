import { CALENDAR_MESSAGES } from '@devplay/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { useJourney } from './support/journey';

const runs = requireBrowserOrSkip();

// A fixed year keeps the weekdays known: 5, 6 and 7 March 2030 are Tuesday to Thursday.
const YEAR = 2030;
const loaded = (page: Page) => page.locator('table[role="grid"]:not([aria-busy])').waitFor();
const day = (page: Page, label: string) =>
  page.getByRole('grid').getByRole('button', { name: label, exact: true });

describe.runIf(runs)('leave calendar in Chromium', () => {
  const admin = { email: 'admin@example.com', username: 'admin', password: 'Frag1!admin' };
  const ada = { email: 'ada@example.com', username: 'ada', password: 'Frag1!adaaa' };
  const journey = useJourney([admin, ada], { env: { ADMIN_EMAILS: admin.email } });

  it('a member marks two days; an admin sets a holiday; the member sees it and cannot change it', async () => {
    const member = await journey.openAs(ada);
    await member.goto(`${journey.url}/calendar?year=${YEAR}`);
    await loaded(member);

    await day(member, `5 March ${YEAR}`).click();
    await day(member, `5 March ${YEAR}, sick`).waitFor();
    await day(member, `6 March ${YEAR}`).click();
    await day(member, `6 March ${YEAR}, sick`).click();
    await day(member, `6 March ${YEAR}, unpaid`).waitFor();
    await member.waitForLoadState('networkidle');
    // Saved, not only shown: a reload brings both back from the server.
    await member.reload();
    await day(member, `5 March ${YEAR}, sick`).waitFor();
    await day(member, `6 March ${YEAR}, unpaid`).waitFor();

    const boss = await journey.openAs(admin);
    await boss.goto(`${journey.url}/calendar?year=${YEAR}`);
    await loaded(boss);
    await day(boss, `7 March ${YEAR}`).click({ modifiers: ['Shift'] });
    await day(boss, `7 March ${YEAR}, holiday`).waitFor();
    await boss.waitForLoadState('networkidle');

    await member.reload();
    const holiday = day(member, `7 March ${YEAR}, holiday`);
    await holiday.waitFor();
    expect(await holiday.getAttribute('aria-disabled')).toBe('true');
    // Pressed anyway (force skips Playwright's enabled check): the day stays, the reason shows.
    await holiday.click({ force: true });
    await member.getByText(CALENDAR_MESSAGES.holidayLocked).waitFor();
    await day(member, `7 March ${YEAR}, holiday`).waitFor();
    await member.getByText('1 day').first().waitFor();
    await screenshot(member, 'calendar-desktop');

    await member.setViewportSize(VIEWPORTS.phone);
    await screenshot(member, 'calendar-phone');
  });
});
