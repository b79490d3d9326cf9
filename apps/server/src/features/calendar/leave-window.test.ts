import { CALENDAR_MESSAGES, isWeekend, leaveWindow } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, createTestApp, signUpUnverified, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { addDays } from '../../test/calendar-days';

/**
 * The window counts from today, so the clock is set to one of the next days on which the window
 * both starts and ends on a working day: its edges can then be marked, not refused as weekends.
 * Only Date moves; timers run as ever.
 */
const today = (() => {
  const now = new Date();
  for (let ahead = 0; ; ahead++) {
    const day = new Date(now.getTime() + ahead * 86_400_000);
    const { first, last } = leaveWindow(day);
    if (!isWeekend(first) && !isWeekend(last)) return day;
  }
})();
const { first, last } = leaveWindow(today);
const OUTSIDE = { message: CALENDAR_MESSAGES.outsideWindow(first, last), code: 'VALIDATION_ERROR' };

let ctx: TestContext;
let member: Member;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: today });
  ctx = await createTestApp();
  member = await createMember(ctx);
});
afterAll(async () => {
  await ctx.app.close();
  vi.useRealTimers();
});

const mark = (who: Member, date: string) => who.client.post('/calendar', { date, type: 'sick' });
const yearOf = async (date: string) =>
  (await member.client.get(`/calendar?year=${date.slice(0, 4)}`)).json() as { date: string }[];

describe('the days a member may mark', () => {
  it('answers 401 to anonymous callers and 403 to the unconfirmed before looking at the day', async () => {
    const beyond = addDays(last, 1);
    const anonymous = await createClient(ctx.app).post('/calendar', { date: beyond, type: 'sick' });
    expect(anonymous.statusCode).toBe(401);
    const unverified = createClient(ctx.app);
    await signUpUnverified(unverified);
    const refused = await unverified.post('/calendar', { date: beyond, type: 'sick' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('refuses a day beyond either edge with 400 naming the window, and stores nothing', async () => {
    for (const date of [addDays(first, -1), addDays(last, 1), '2000-01-03', '2100-12-31']) {
      const response = await mark(member, date);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ...OUTSIDE, field: 'date' });
      expect(await yearOf(date)).not.toContainEqual(expect.objectContaining({ date }));
    }
  });

  it('marks a day inside the window', async () => {
    const date = [1, 2, 3].map((n) => addDays(first, 180 + n)).find((day) => !isWeekend(day))!;
    expect((await mark(member, date)).statusCode).toBe(200);
    expect(await yearOf(date)).toContainEqual({ date, type: 'sick', setByAdmin: false });
  });

  it("marks the window's first and last day", async () => {
    for (const date of [first, last]) {
      const response = await mark(member, date);
      expect(response.statusCode).toBe(200);
      expect(await yearOf(date)).toContainEqual({ date, type: 'sick', setByAdmin: false });
    }
  });

  it('still clears a day outside the window, so old leave can be tidied away', async () => {
    const response = await member.client.delete(`/calendar/${addDays(first, -7)}`);
    expect(response.statusCode).toBe(200);
  });
});

describe('the window', () => {
  it('spans a year back and two ahead, 29 February moving to 1 March', () => {
    expect(leaveWindow(new Date('2026-11-26T23:59:59Z'))).toEqual({
      first: '2025-11-26',
      last: '2028-11-26',
    });
    expect(leaveWindow(new Date('2028-02-29T00:00:00Z'))).toEqual({
      first: '2027-03-01',
      last: '2030-03-01',
    });
  });
});
