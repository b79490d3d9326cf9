import { CALENDAR_MESSAGES } from '@devplay/shared';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { foldLine } from './ics';
import { addDays, WEEK } from '../../test/calendar-days';
import { issueFeed, readFeed } from '../../test/calendar-feed';

const ADMIN_EMAIL = 'boss@calendar-feed.example';
let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set([ADMIN_EMAIL]) });
  admin = await createMember(ctx, { email: ADMIN_EMAIL });
});
afterAll(() => ctx.app.close());

const { wednesday: WEDNESDAY, thursday: THURSDAY, friday: FRIDAY } = WEEK;
const NEW_YEARS_EVE = `${WEDNESDAY.slice(0, 4)}-12-31`;

describe('the iCalendar feed', () => {
  const feed = (token: string) => readFeed(ctx.app, token);

  it('serves own leave and the holidays as RFC 5545 that a real parser reads', async () => {
    const member = await createMember(ctx);
    const other = await createMember(ctx);
    await member.client.post('/calendar', { date: WEDNESDAY, type: 'sick' });
    await member.client.post('/calendar', { date: THURSDAY, type: 'unpaid' });
    await other.client.post('/calendar', { date: FRIDAY, type: 'sick' });
    await admin.client.post('/calendar/holiday', { date: NEW_YEARS_EVE });

    const { url, token } = await issueFeed(member);
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/calendar\.ics\?token=/);

    const response = await feed(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const text = response.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      expect(event.startDate.isDate).toBe(true);
      expect(component.getFirstPropertyValue('dtstamp')).toBeTruthy();
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toString(),
        end: event.endDate.toString(),
      };
    });
    const byStart = new Map(events.map((e) => [e.start, e]));
    expect(byStart.get(WEDNESDAY)).toMatchObject({ summary: 'Sick leave', end: THURSDAY });
    expect(byStart.get(THURSDAY)).toMatchObject({ summary: 'Unpaid leave', end: FRIDAY });
    expect(byStart.get(NEW_YEARS_EVE)).toMatchObject({
      summary: 'Holiday',
      end: addDays(NEW_YEARS_EVE, 1),
    });
    expect(byStart.has(FRIDAY)).toBe(false); // another member's day
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it('stops serving the old address once a new one is issued', async () => {
    const member = await createMember(ctx);
    const { token: first } = await issueFeed(member);
    expect((await feed(first)).statusCode).toBe(200);
    const { token: second } = await issueFeed(member);
    expect(second).not.toBe(first);
    const old = await feed(first);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ message: CALENDAR_MESSAGES.feedNotFound });
    expect((await feed(second)).statusCode).toBe(200);
  });

  it('answers 404 to unknown, malformed and tampered tokens', async () => {
    const member = await createMember(ctx);
    const { token } = await issueFeed(member);
    const [id, secret] = token.split('.') as [string, string];
    const flipped = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `${id}.${flipped}`,
      `${admin.id}.${secret}`,
      `99999.${secret}`,
      `99999999999.${secret}`,
      'not-a-token',
      secret,
    ]) {
      expect((await feed(bad)).statusCode).toBe(404);
    }
    expect((await ctx.app.inject({ url: '/api/calendar.ics' })).statusCode).toBe(400);
  });

  it('uses PUBLIC_URL for the address when it is set', async () => {
    const other = await createTestApp({
      publicUrl: 'https://devplay.example',
      publicUrlSet: true,
    });
    try {
      const member = await createMember(other);
      const { url } = await issueFeed(member);
      expect(url).toMatch(/^https:\/\/devplay\.example\/api\/calendar\.ics\?token=\d+\./);
    } finally {
      await other.app.close();
    }
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `X-WR-CALNAME:${'ä'.repeat(100)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, i) => (i ? part.slice(1) : part)).join('')).toBe(line);
  });
});
