import type { Mock } from 'vitest';
import { SESSION_MESSAGES, type Session } from '@devplay/shared';
import { routeFetch } from '../../test/fetch-mock';
import { jsonResponse } from '../../test/render';

// A stand-in for the server's device routes (DESIGN §8: small fixtures), for this feature's tests.

const MINUTE_MS = 60_000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE_MS).toISOString();

export const LIST = 'GET /api/me/sessions';
export const END_OTHERS = 'DELETE /api/me/sessions';
export const endOne = (session: Session) => `DELETE /api/me/sessions/${session.id}`;

/**
 * The member's browsers as the server orders them, seen last first (this one is not the first),
 * stamped afresh for each test so "5 minutes ago" stays true however long the run.
 */
export function makeDevices() {
  const phone: Session = {
    id: '0b7f2a1e-4c3d-4e5f-8a9b-1c2d3e4f5a6b',
    createdAt: '2025-03-01T08:00:00.000Z',
    lastSeenAt: minutesAgo(5),
    browser: 'Safari 17',
    os: 'iOS 17.5',
    ip: '198.51.100.x',
    current: false,
  };
  const laptop: Session = {
    id: '5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f',
    createdAt: '2025-02-10T09:30:00.000Z',
    lastSeenAt: minutesAgo(120),
    browser: 'Chrome 131',
    os: 'Linux',
    ip: '203.0.113.x',
    current: true,
  };
  const workPc: Session = {
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    createdAt: '2024-11-20T18:45:00.000Z',
    lastSeenAt: '2025-01-05T21:15:00.000Z',
    browser: 'Firefox 133',
    os: 'Windows 10',
    ip: '192.0.2.x',
    current: false,
  };
  return { phone, laptop, workPc };
}

/** The device routes over one member's sessions, ending them as the server would. */
export function serveDevices(fetchMock: Mock<typeof fetch>, initial: Session[]) {
  const state = { sessions: initial };
  const endOneRoutes = initial.map((session) => [
    endOne(session),
    () => {
      if (!state.sessions.includes(session)) {
        return jsonResponse({
          status: 404,
          body: { message: SESSION_MESSAGES.notFound, code: 'NOT_FOUND' },
        });
      }
      state.sessions = state.sessions.filter((kept) => kept !== session);
      return jsonResponse({ body: { message: SESSION_MESSAGES.ended } });
    },
  ]);
  routeFetch(fetchMock, {
    [LIST]: () => jsonResponse({ body: state.sessions }),
    [END_OTHERS]: () => {
      state.sessions = state.sessions.filter((session) => session.current);
      return jsonResponse({ body: { message: SESSION_MESSAGES.othersEnded } });
    },
    ...Object.fromEntries(endOneRoutes),
  });
  return state;
}
