import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveDays } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { addDays, WEEK } from '../../test/calendar-days';
import { issueFeed, readFeed } from '../../test/calendar-feed';

const ADMIN_EMAIL = 'boss@feed-versions.example';
let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set([ADMIN_EMAIL]) });
  admin = await createMember(ctx, { email: ADMIN_EMAIL });
});
afterAll(() => ctx.app.close());

const { wednesday: WEDNESDAY, thursday: THURSDAY } = WEEK;

/** The days a feed body shows, by start date and summary. */
const shown = (body: string) =>
  new ICAL.Component(ICAL.parse(body) as unknown[])
    .getAllSubcomponents('vevent')
    .map(
      (event) =>
        `${event.getFirstPropertyValue('dtstart')} ${event.getFirstPropertyValue('summary')}`,
    );

async function memberWithFeed() {
  const member = await createMember(ctx);
  const { token } = await issueFeed(member);
  const read = (etag?: string) =>
    readFeed(ctx.app, token, etag === undefined ? {} : { 'if-none-match': etag });
  return { member, token, read };
}

describe('the feed read again', () => {
  it('answers 304 without a body to its own ETag, from one query', async () => {
    const { member, read } = await memberWithFeed();
    await member.client.post('/calendar', { date: WEDNESDAY, type: 'sick' });
    const first = await read();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    ctx.queries.count = 0;
    const again = await read(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(ctx.queries.count).toBe(1);
    // Weak comparison: the tag without W/, or in a list, names the same feed.
    expect((await read(etag.slice(2))).statusCode).toBe(304);
    expect((await read(`"other", ${etag}`)).statusCode).toBe(304);
    expect((await read('W/"other"')).statusCode).toBe(200);
  });

  it('serves a fresh body once a day is added, retyped or removed, or a holiday set', async () => {
    const { member, read } = await memberWithFeed();
    const etags = [(await read()).headers.etag as string];
    const expectFresh = async (days: string[]) => {
      const response = await read(etags.at(-1));
      expect(response.statusCode).toBe(200);
      expect(shown(response.body)).toEqual(days);
      expect(etags).not.toContain(response.headers.etag);
      etags.push(response.headers.etag as string);
    };
    await member.client.post('/calendar', { date: WEDNESDAY, type: 'sick' });
    await expectFresh([`${WEDNESDAY} Sick leave`]);
    await member.client.post('/calendar', { date: WEDNESDAY, type: 'unpaid' });
    await expectFresh([`${WEDNESDAY} Unpaid leave`]);
    await member.client.post('/calendar', { date: THURSDAY, type: 'sick' });
    await expectFresh([`${WEDNESDAY} Unpaid leave`, `${THURSDAY} Sick leave`]);
    // A removal and an addition that leave as many days as before.
    await member.client.delete(`/calendar/${WEDNESDAY}`);
    await member.client.post('/calendar', { date: addDays(WEDNESDAY, 7), type: 'sick' });
    await expectFresh([`${THURSDAY} Sick leave`, `${addDays(WEDNESDAY, 7)} Sick leave`]);
    await member.client.delete(`/calendar/${THURSDAY}`);
    await expectFresh([`${addDays(WEDNESDAY, 7)} Sick leave`]);
    const holiday = addDays(WEDNESDAY, 8);
    await admin.client.post('/calendar/holiday', { date: holiday });
    await expectFresh([`${addDays(WEDNESDAY, 7)} Sick leave`, `${holiday} Holiday`]);
    await admin.client.delete(`/calendar/holiday/${holiday}`);
  });

  it('leaves out days outside the window: old leave and far holidays', async () => {
    const { member, read } = await memberWithFeed();
    await ctx.app.db
      .insert(leaveDays)
      .values({ userId: member.id, date: '2001-03-07', type: 'sick' });
    await admin.client.post('/calendar/holiday', { date: '2090-01-02' });
    await member.client.post('/calendar', { date: WEDNESDAY, type: 'sick' });
    expect(shown((await read()).body)).toEqual([`${WEDNESDAY} Sick leave`]);
    await admin.client.delete('/calendar/holiday/2090-01-02');
  });

  it('gives the same ETag in another process on the same database, which sees changes made here', async () => {
    const other = await createTestApp({ sameDatabaseAs: ctx });
    try {
      const { member, token, read } = await memberWithFeed();
      await member.client.post('/calendar', { date: WEDNESDAY, type: 'sick' });
      const readThere = (etag?: string) =>
        readFeed(other.app, token, etag === undefined ? {} : { 'if-none-match': etag });
      // Built and kept there first, then asked for here.
      const etag = (await readThere()).headers.etag as string;
      expect((await read(etag)).statusCode).toBe(304);
      await member.client.post('/calendar', { date: WEDNESDAY, type: 'unpaid' });
      for (const response of [await readThere(etag), await readThere()]) {
        expect(response.statusCode).toBe(200);
        expect(shown(response.body)).toEqual([`${WEDNESDAY} Unpaid leave`]);
      }
    } finally {
      await other.app.close();
    }
  });
});
