import type { Match, Notification, UserSummary } from '@devplay/shared';

// Test data for this feature's tests (DESIGN §8: small factories).

const member = (id: number, username: string): UserSummary => ({
  id,
  username,
  fullName: '',
  avatar: null,
});

export const alice = member(3, 'alice');
export const bob = member(2, 'bob');
export const carol = member(4, 'carol');

const base = { readAt: null, createdAt: '2026-03-04T05:06:00.000Z', actorsCount: 1 };

export const likeGroup = (
  id: number,
  overrides: Partial<Extract<Notification, { type: 'like' }>> = {},
): Notification => ({
  ...base,
  id,
  type: 'like',
  actors: [alice],
  subject: { post: { id: 10, title: 'Clutch 1v4' } },
  ...overrides,
});

export const followGroup = (id: number, actors: UserSummary[], actorsCount = actors.length) =>
  ({ ...base, id, type: 'follow', actors, actorsCount, subject: null }) satisfies Notification;

export const commentGroup = (id: number, text: string): Notification => ({
  ...base,
  id,
  type: 'comment',
  actors: [bob],
  subject: { post: { id: 11, title: 'Title' }, comment: { id: 5, text } },
});

export const transferGroup = (id: number, amount: number, note: string | null = null) =>
  ({
    ...base,
    id,
    type: 'transfer',
    actors: [alice],
    subject: { amount, note },
  }) satisfies Notification;

export const makeMatch = (overrides: Partial<Match> = {}): Match => ({
  id: 7,
  round: 'round1',
  matchIndex: 1,
  team1Id: 1,
  team2Id: 2,
  score: null,
  matchDate: null,
  matchTime: null,
  winnerId: null,
  ...overrides,
});

export const tournamentGroup = (id: number, match: Match) =>
  ({ ...base, id, type: 'tournament', actors: [bob], subject: { match } }) satisfies Notification;

export const moderationGroup = (
  id: number,
  subject: Extract<Notification, { type: 'moderation' }>['subject'],
) => ({ ...base, id, type: 'moderation', actors: [bob], subject }) satisfies Notification;

export const reportGroup = (
  id: number,
  subject: Extract<Notification, { type: 'report' }>['subject'],
) => ({ ...base, id, type: 'report', actors: [], actorsCount: 0, subject }) satisfies Notification;

export const mentionGroup = (id: number, comment: { id: number; text: string } | null = null) =>
  ({
    ...base,
    id,
    type: 'mention',
    actors: [{ ...alice, fullName: 'Ada Lovelace' }],
    subject: { post: { id: 12, title: 'Desk setup' }, comment },
  }) satisfies Notification;
