import { CALENDAR_MESSAGES, DATE_MESSAGES, isWeekend } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, signUpUnverified, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { addDays, NEXT_YEAR, WEEK } from '../../test/calendar-days';

const ADMIN_EMAIL = 'boss@calendar.example';
let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set([ADMIN_EMAIL]) });
  admin = await createMember(ctx, { email: ADMIN_EMAIL });
});
afterAll(() => ctx.app.close());

const { wednesday: WEDNESDAY, thursday: THURSDAY, saturday: SATURDAY, sunday: SUNDAY } = WEEK;

const daysOf = async (member: Member, year = NEXT_YEAR) =>
  (await member.client.get(`/calendar?year=${year}`)).json() as unknown[];

describe('who may call the calendar', () => {
  it('answers 401 to anonymous callers on every route', async () => {
    const anonymous = createClient(ctx.app);
    const calls = [
      anonymous.get(`/calendar?year=${NEXT_YEAR}`),
      anonymous.post('/calendar', { date: WEDNESDAY, type: 'sick' }),
      anonymous.delete(`/calendar/${WEDNESDAY}`),
      anonymous.post('/calendar/holiday', { date: WEDNESDAY }),
      anonymous.delete(`/calendar/holiday/${WEDNESDAY}`),
      anonymous.post('/calendar/ics-token'),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
  });

  it('answers 403 EMAIL_NOT_VERIFIED to an unconfirmed member who writes', async () => {
    const unverified = createClient(ctx.app);
    await signUpUnverified(unverified);
    expect((await unverified.get(`/calendar?year=${NEXT_YEAR}`)).statusCode).toBe(200);
    for (const response of [
      await unverified.post('/calendar', { date: WEDNESDAY, type: 'sick' }),
      await unverified.delete(`/calendar/${WEDNESDAY}`),
      await unverified.post('/calendar/ics-token'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
    }
  });

  it('lets only admins set and remove holidays: 401 anonymous, 403 member, 200 admin', async () => {
    const member = await createMember(ctx);
    const anonymous = createClient(ctx.app);
    const date = addDays(WEDNESDAY, 5);
    expect((await anonymous.post('/calendar/holiday', { date })).statusCode).toBe(401);
    expect((await member.client.post('/calendar/holiday', { date })).statusCode).toBe(403);
    const set = await admin.client.post('/calendar/holiday', { date });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ date, type: 'holiday', setByAdmin: true });

    expect((await anonymous.delete(`/calendar/holiday/${date}`)).statusCode).toBe(401);
    expect((await member.client.delete(`/calendar/holiday/${date}`)).statusCode).toBe(403);
    const removed = await admin.client.delete(`/calendar/holiday/${date}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: CALENDAR_MESSAGES.holidayRemoved });
  });
});

describe("a member's own days (SPEC §4 day cycle)", () => {
  it('cycles a working day empty → sick → unpaid → empty', async () => {
    const member = await createMember(ctx);
    expect(await daysOf(member)).toEqual([]);
    const sick = await member.client.post('/calendar', { date: WEDNESDAY, type: 'sick' });
    expect(sick.statusCode).toBe(200);
    expect(sick.json()).toEqual({ date: WEDNESDAY, type: 'sick', setByAdmin: false });
    expect(await daysOf(member)).toEqual([{ date: WEDNESDAY, type: 'sick', setByAdmin: false }]);

    await member.client.post('/calendar', { date: WEDNESDAY, type: 'unpaid' });
    expect(await daysOf(member)).toEqual([{ date: WEDNESDAY, type: 'unpaid', setByAdmin: false }]);

    const cleared = await member.client.delete(`/calendar/${WEDNESDAY}`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ message: CALENDAR_MESSAGES.dayCleared });
    expect(await daysOf(member)).toEqual([]);
    // Clearing an empty day is not an error.
    expect((await member.client.delete(`/calendar/${WEDNESDAY}`)).statusCode).toBe(200);
  });

  it('refuses weekends with a clear message naming the date', async () => {
    const member = await createMember(ctx);
    expect(isWeekend(SATURDAY) && isWeekend(SUNDAY) && !isWeekend(WEDNESDAY)).toBe(true);
    for (const date of [SATURDAY, SUNDAY]) {
      const response = await member.client.post('/calendar', { date, type: 'sick' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: CALENDAR_MESSAGES.weekendLocked,
        code: 'DAY_LOCKED',
        field: 'date',
      });
      expect((await member.client.delete(`/calendar/${date}`)).statusCode).toBe(403);
    }
    expect(await daysOf(member)).toEqual([]);
  });

  it('refuses days an admin made holidays, which show for everyone', async () => {
    const [a, b] = [await createMember(ctx), await createMember(ctx)];
    const date = addDays(WEDNESDAY, 7);
    await admin.client.post('/calendar/holiday', { date });
    for (const member of [a, b, admin]) {
      expect(await daysOf(member)).toContainEqual({ date, type: 'holiday', setByAdmin: true });
    }
    const refused = await a.client.post('/calendar', { date, type: 'unpaid' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: CALENDAR_MESSAGES.holidayLocked,
      code: 'DAY_LOCKED',
      field: 'date',
    });
    expect((await a.client.delete(`/calendar/${date}`)).statusCode).toBe(403);
    await admin.client.delete(`/calendar/holiday/${date}`);
    expect((await a.client.post('/calendar', { date, type: 'unpaid' })).statusCode).toBe(200);
  });

  it('shows a holiday over leave taken before it, and the leave again once it is removed', async () => {
    const member = await createMember(ctx);
    const date = addDays(WEDNESDAY, 14);
    await member.client.post('/calendar', { date, type: 'sick' });
    await admin.client.post('/calendar/holiday', { date });
    expect(await daysOf(member)).toEqual([{ date, type: 'holiday', setByAdmin: true }]);
    await admin.client.delete(`/calendar/holiday/${date}`);
    expect(await daysOf(member)).toEqual([{ date, type: 'sick', setByAdmin: false }]);
  });

  it("never shows another member's days", async () => {
    const [a, b] = [await createMember(ctx), await createMember(ctx)];
    await a.client.post('/calendar', { date: WEDNESDAY, type: 'sick' });
    await b.client.post('/calendar', { date: THURSDAY, type: 'unpaid' });
    const ofA = (await daysOf(a)).filter((d) => (d as { type: string }).type !== 'holiday');
    const ofB = (await daysOf(b)).filter((d) => (d as { type: string }).type !== 'holiday');
    expect(ofA).toEqual([{ date: WEDNESDAY, type: 'sick', setByAdmin: false }]);
    expect(ofB).toEqual([{ date: THURSDAY, type: 'unpaid', setByAdmin: false }]);
    // An admin sees their own days only, too.
    expect(await daysOf(admin)).not.toContainEqual(expect.objectContaining({ type: 'sick' }));
  });

  it('answers the days of the year asked for, the current year by default', async () => {
    const member = await createMember(ctx);
    const thisYear = new Date().getUTCFullYear();
    const workday = [2, 3, 4, 5, 6].map((d) => `${thisYear}-01-0${d}`).find((d) => !isWeekend(d))!;
    await member.client.post('/calendar', { date: workday, type: 'sick' });
    const nextYears = addDays(WEDNESDAY, -56); // a Wednesday in January
    await member.client.post('/calendar', { date: nextYears, type: 'unpaid' });
    expect((await member.client.get('/calendar')).json()).toContainEqual({
      date: workday,
      type: 'sick',
      setByAdmin: false,
    });
    expect(await daysOf(member)).toEqual([{ date: nextYears, type: 'unpaid', setByAdmin: false }]);
    expect(await daysOf(member, NEXT_YEAR + 1)).toEqual([]);
  });
});

describe('calendar input', () => {
  it.each([
    ['2027-02-30', DATE_MESSAGES.notReal],
    ['2027-04-31', DATE_MESSAGES.notReal],
    ['2027-02-29', DATE_MESSAGES.notReal],
    ['2027-13-01', DATE_MESSAGES.notReal],
    ['2027-00-10', DATE_MESSAGES.notReal],
    ['1999-12-31', DATE_MESSAGES.yearRange],
    ['2101-01-03', DATE_MESSAGES.yearRange],
    ['3-3-2027', DATE_MESSAGES.format],
    ['2027-03-03T00:00:00Z', DATE_MESSAGES.format],
    ['', DATE_MESSAGES.format],
  ])('refuses the date %j with 400 naming the field', async (date, message) => {
    const member = await createMember(ctx);
    const response = await member.client.post('/calendar', { date, type: 'sick' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'date', message });
    const holiday = await admin.client.post('/calendar/holiday', { date });
    expect(holiday.statusCode).toBe(400);
    expect(holiday.json().field).toBe('date');
    if (date) {
      const removal = await member.client.delete(`/calendar/${encodeURIComponent(date)}`);
      expect(removal.statusCode).toBe(400);
    }
  });

  it('accepts 29 February of a leap year', async () => {
    // Holidays have no window, so any leap year will do.
    const response = await admin.client.post('/calendar/holiday', { date: '2096-02-29' });
    expect(response.statusCode).toBe(200);
    expect((await admin.client.delete('/calendar/holiday/2096-02-29')).statusCode).toBe(200);
  });

  it('refuses other types than sick and unpaid, and holidays from members', async () => {
    const member = await createMember(ctx);
    for (const type of ['holiday', 'vacation', '', null]) {
      const response = await member.client.post('/calendar', { date: WEDNESDAY, type });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'type',
        message: CALENDAR_MESSAGES.leaveType,
      });
    }
  });

  it.each(['1999', '2101', 'abc', '2027.5', '-1', '99999999999999999999'])(
    'refuses the year %s with 400',
    async (year) => {
      const member = await createMember(ctx);
      const response = await member.client.get(`/calendar?year=${year}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('year');
    },
  );
});
