import { CALENDAR_MESSAGES } from '@devplay/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { useJourney } from './support/journey';

const runs = requireBrowserOrSkip();

// Next year's March is always inside the leave window (a year back, two ahead); its first
// Tuesday and the two days after it are working days.
const YEAR = new Date().getUTCFullYear() + 1;
const firstTuesdayOfMarch = (year: number) =>
  ((9 - new Date(Date.UTC(year, 2, 1)).getUTCDay()) % 7) + 1;
const marchDay = (year: number, after = 0) => `${firstTuesdayOfMarch(year) + after} March ${year}`;
const [TUE, WED, THU] = [marchDay(YEAR), marchDay(YEAR, 1), marchDay(YEAR, 2)];
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

    await day(member, TUE).click();
    await day(member, `${TUE}, sick`).waitFor();
    await day(member, WED).click();
    await day(member, `${WED}, sick`).click();
    await day(member, `${WED}, unpaid`).waitFor();
    await member.waitForLoadState('networkidle');
    // Saved, not only shown: a reload brings both back from the server.
    await member.reload();
    await day(member, `${TUE}, sick`).waitFor();
    await day(member, `${WED}, unpaid`).waitFor();

    const boss = await journey.openAs(admin);
    await boss.goto(`${journey.url}/calendar?year=${YEAR}`);
    await loaded(boss);
    await day(boss, THU).click({ modifiers: ['Shift'] });
    await day(boss, `${THU}, holiday`).waitFor();
    await boss.waitForLoadState('networkidle');

    await member.reload();
    const holiday = day(member, `${THU}, holiday`);
    await holiday.waitFor();
    expect(await holiday.getAttribute('aria-disabled')).toBe('true');
    // Pressed anyway (force skips Playwright's enabled check): the day stays, the reason shows.
    await holiday.click({ force: true });
    await member.getByText(CALENDAR_MESSAGES.holidayLocked).waitFor();
    await day(member, `${THU}, holiday`).waitFor();
    await member.getByText('1 day').first().waitFor();
    await screenshot(member, 'calendar-desktop');

    await member.setViewportSize(VIEWPORTS.phone);
    await screenshot(member, 'calendar-phone');

    // Three years ahead is past the window: the page says so instead of sending the day.
    await member.setViewportSize(VIEWPORTS.desktop);
    await member.goto(`${journey.url}/calendar?year=${YEAR + 2}`);
    await loaded(member);
    await day(member, marchDay(YEAR + 2)).click();
    await member.getByText(/^Leave can be marked from \d{4}-\d\d-\d\d to /).waitFor();
    await screenshot(member, 'calendar-outside-window');
  });

  it('on a phone the matrix says it scrolls and an admin sets a holiday without Shift', async () => {
    const boss = await journey.openAs(admin, VIEWPORTS.phone);
    await boss.goto(`${journey.url}/calendar?year=${YEAR}`);
    await loaded(boss);
    const scroller = boss.locator('div:has(> table[role="grid"])');
    const more = boss.getByText('Scroll sideways for the other days of the month.');
    await more.waitFor();
    // Another year opens at the 1st: only the end has more, and the far end only the start.
    expect(await scroller.getAttribute('data-more')).toBe('end');
    await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(() => scroller.getAttribute('data-more')).toBe('start');

    const friday = marchDay(YEAR, 3);
    await boss.getByRole('button', { name: 'Set holidays' }).click();
    await day(boss, friday).click();
    await day(boss, `${friday}, holiday`).waitFor();
    await screenshot(boss, 'calendar-phone-holidays');
    await boss.getByRole('button', { name: 'Set holidays' }).click();
    await boss.setViewportSize(VIEWPORTS.desktop);
    await boss.getByRole('heading', { name: `Leave calendar ${YEAR}` }).waitFor();
    expect(await more.isVisible()).toBe(false);
  });
});
