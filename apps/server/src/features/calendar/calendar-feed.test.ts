import { CALENDAR_MESSAGES } from '@devplay/shared';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { foldLine } from './ics';

const ADMIN_EMAIL = 'boss@calendar-feed.example';
let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set([ADMIN_EMAIL]) });
  admin = await createMember(ctx, { email: ADMIN_EMAIL });
});
afterAll(() => ctx.app.close());

// 3 and 4 March 2027 are a Wednesday and a Thursday.
const WEDNESDAY = '2027-03-03';
const THURSDAY = '2027-03-04';

describe('the iCalendar feed', () => {
  type Feed = { url: string };
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  const feed = (token: string) =>
    ctx.app.inject({ url: `/api/calendar.ics?token=${encodeURIComponent(token)}` });

  it('serves own leave and the holidays as RFC 5545 that a real parser reads', async () => {
    const member = await createMember(ctx);
    const other = await createMember(ctx);
    await member.client.post('/calendar', { date: WEDNESDAY, type: 'sick' });
    await member.client.post('/calendar', { date: THURSDAY, type: 'unpaid' });
    await other.client.post('/calendar', { date: '2027-03-05', type: 'sick' });
    await admin.client.post('/calendar/holiday', { date: '2027-12-31' });

    const issued = await member.client.post('/calendar/ics-token');
    expect(issued.statusCode).toBe(200);
    const { url } = issued.json() as Feed;
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/calendar\.ics\?token=/);

    const response = await feed(tokenOf(url));
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
    expect(byStart.get(THURSDAY)).toMatchObject({ summary: 'Unpaid leave', end: '2027-03-05' });
    expect(byStart.get('2027-12-31')).toMatchObject({ summary: 'Holiday', end: '2028-01-01' });
    expect(byStart.has('2027-03-05')).toBe(false); // another member's day
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it('stops serving the old address once a new one is issued', async () => {
    const member = await createMember(ctx);
    const first = tokenOf(((await member.client.post('/calendar/ics-token')).json() as Feed).url);
    expect((await feed(first)).statusCode).toBe(200);
    const second = tokenOf(((await member.client.post('/calendar/ics-token')).json() as Feed).url);
    expect(second).not.toBe(first);
    const old = await feed(first);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ message: CALENDAR_MESSAGES.feedNotFound });
    expect((await feed(second)).statusCode).toBe(200);
  });

  it('answers 404 to unknown, malformed and tampered tokens', async () => {
    const member = await createMember(ctx);
    const token = tokenOf(((await member.client.post('/calendar/ics-token')).json() as Feed).url);
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
      const { url } = (await member.client.post('/calendar/ics-token')).json() as Feed;
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
