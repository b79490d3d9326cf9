import type { App } from '../app';
import type { Member } from './factories';

/** The feed address a member is issued, and its token. */
export async function issueFeed(member: Member) {
  const issued = await member.client.post('/calendar/ics-token');
  if (issued.statusCode !== 200) throw new Error(`no feed address: ${issued.body}`);
  const { url } = issued.json() as { url: string };
  return { url, token: new URL(url).searchParams.get('token')! };
}

/** An anonymous read of the feed, as a calendar app makes it. */
export const readFeed = (app: App, token: string, headers: Record<string, string> = {}) =>
  app.inject({ url: `/api/calendar.ics?token=${encodeURIComponent(token)}`, headers });
