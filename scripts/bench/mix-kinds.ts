import { randomUUID } from 'node:crypto';
import type { createPoster } from './post-json';
import { MEMBERS, zipfPick, type MixWorld } from './mix-seed';

type Send = ReturnType<typeof createPoster>['send'];
type Answer = Awaited<ReturnType<Send>>;
type CardState = { id: number; likedByMe: boolean };
type PostPage = { items: CardState[]; nextCursor: string | null };

/** What one member's browser remembers between requests and visits. */
export type MemberState = {
  index: number;
  token: string;
  /** The first pages of either feed as last answered, by feed, with their ETags. */
  firstPages: Map<string, { etag: string; page: PostPage }>;
  /** The posts list the member read last (`?feed=…` or `?user_id=…`), to read on from. */
  lastList: { query: string; nextCursor: string | null } | null;
  /** The cards last shown: what a like, a comment or a post's comments are about. */
  cards: CardState[];
  /** The members of the member's conversation list, as last read. */
  peers: number[];
};

export const newMemberState = (index: number, token: string): MemberState => ({
  index,
  token,
  firstPages: new Map(),
  lastList: null,
  cards: [],
  peers: [],
});

/** One request: null when the member has nothing to do it on yet (another kind is drawn). */
type Request = { method: string; path: string; body?: unknown; headers?: Record<string, string> };

export type Kind = {
  name: string;
  /** Share of all requests, in percent. */
  weight: number;
  /**
   * Statuses that answer it; `refused`: a refusal the API documents (422 for a cooldown or an
   * empty account; 403 BLOCKED and 404 for a hidden post between members where one blocks the other).
   */
  ok: readonly number[];
  refused?: readonly number[];
  request: (member: MemberState, world: MixWorld) => Request | null;
  /** What the member's browser keeps of a successful answer. */
  remember?: (member: MemberState, answer: Answer, request: Request) => void;
};

const PAGE = 10;
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];

/** Another member than `member`, the popular ones more often. */
function someoneElse(member: MemberState, world: MixWorld) {
  let other = zipfPick(MEMBERS);
  while (other === member.index) other = zipfPick(MEMBERS);
  return { id: world.memberIds[other]!, username: `bench${other + 1}` };
}

/** A post on the member's screen, or (nothing read yet) a popular one. */
const somePost = (member: MemberState, world: MixWorld) =>
  pick(member.cards)?.id ?? world.postIds[zipfPick(world.postIds.length)]!;

function rememberList(member: MemberState, answer: Answer, request: Request) {
  const page = JSON.parse(answer.body) as PostPage;
  member.cards = page.items.map(({ id, likedByMe }) => ({ id, likedByMe }));
  member.lastList = { query: request.path.replace(/&cursor=.*$/, ''), nextCursor: page.nextCursor };
}

const firstPage = (feed: 'all' | 'following', weight: number): Kind => ({
  name: `first page, ${feed === 'all' ? 'All' : 'Following'}`,
  weight,
  ok: [200, 304],
  request: (member): Request => {
    const etag = member.firstPages.get(feed)?.etag;
    const path = `/api/posts?feed=${feed}&limit=${PAGE}`;
    return { method: 'GET', path, ...(etag ? { headers: { 'if-none-match': etag } } : {}) };
  },
  remember(member, answer, request) {
    const kept = member.firstPages.get(feed);
    if (answer.status === 304 && kept) {
      member.cards = kept.page.items;
      member.lastList = { query: request.path, nextCursor: kept.page.nextCursor };
      return;
    }
    rememberList(member, answer, request);
    const etag = answer.headers.etag;
    if (etag) member.firstPages.set(feed, { etag, page: JSON.parse(answer.body) as PostPage });
  },
});

const read = (name: string, weight: number, path: Kind['request']): Kind => ({
  name,
  weight,
  ok: [200],
  request: path,
});

const write = (
  name: string,
  weight: number,
  ok: number,
  request: Kind['request'],
  refused?: readonly number[],
): Kind => ({ name, weight, ok: [ok], request, ...(refused ? { refused } : {}) });

/** What the API answers between two members where one blocks the other (seeded by mix-seed.ts). */
const BLOCKED = 403;
const HIDDEN_POST = 404;

/** The mix: reads 90 %, writes 10 %. */
export const MIX: readonly Kind[] = [
  firstPage('all', 20),
  firstPage('following', 12),
  {
    ...read('later page (cursor)', 16, (member) =>
      member.lastList?.nextCursor
        ? {
            method: 'GET',
            path: `${member.lastList.query}&cursor=${encodeURIComponent(member.lastList.nextCursor)}`,
          }
        : null,
    ),
    remember: rememberList,
  },
  {
    ...read("a member's posts", 8, (member, world) => ({
      method: 'GET',
      path: `/api/posts?user_id=${someoneElse(member, world).id}&limit=${PAGE}`,
    })),
    remember: rememberList,
  },
  {
    ...read("a post's comments", 10, (member, world) => ({
      method: 'GET',
      path: `/api/comments/${somePost(member, world)}?limit=${PAGE}`,
    })),
    refused: [HIDDEN_POST],
  },
  read('/me', 5, () => ({ method: 'GET', path: '/api/me' })),
  read('profile', 4, (member, world) => ({
    method: 'GET',
    path: `/api/user/${someoneElse(member, world).username}`,
  })),
  {
    ...read('conversation list', 6, () => ({ method: 'GET', path: '/api/messages/conversations' })),
    remember(member, answer) {
      member.peers = (JSON.parse(answer.body) as { userId: number }[]).map((c) => c.userId);
    },
  },
  read('a conversation', 6, (member, world) => ({
    method: 'GET',
    path: `/api/messages/${pick(member.peers) ?? someoneElse(member, world).id}?limit=${PAGE}`,
  })),
  read('transactions', 3, () => ({ method: 'GET', path: `/api/transactions?limit=${PAGE}` })),
  {
    name: 'like / unlike',
    weight: 5,
    ok: [200],
    request: (member) => {
      const card = pick(member.cards);
      if (!card) return null;
      return card.likedByMe
        ? { method: 'DELETE', path: `/api/like/${card.id}` }
        : { method: 'POST', path: '/api/like', body: { post_id: card.id } };
    },
    remember(member, answer, request) {
      const id =
        Number(request.path.split('/').pop()) || (request.body as { post_id: number }).post_id;
      const { likedByMe } = JSON.parse(answer.body) as { likedByMe: boolean };
      for (const card of member.cards) if (card.id === id) card.likedByMe = likedByMe;
    },
  },
  write(
    'comment',
    1.5,
    201,
    (member, world) => ({
      method: 'POST',
      path: '/api/comment',
      body: { postId: somePost(member, world), text: 'Great point, thanks for sharing!' },
    }),
    [BLOCKED, HIDDEN_POST],
  ),
  // 422 COOLDOWN: a member may publish once every 15 s.
  write(
    'post',
    0.5,
    201,
    () => ({
      method: 'POST',
      path: '/api/post',
      body: {
        title: 'A clip from the mix',
        description: 'Posted by a member of the mix benchmark.',
        video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    }),
    [422],
  ),
  write(
    'message',
    2,
    201,
    (member, world) => ({
      method: 'POST',
      path: '/api/messages',
      body: {
        receiverId: pick(member.peers) ?? someoneElse(member, world).id,
        text: 'See you at the match!',
      },
    }),
    [BLOCKED],
  ),
  // 422 INSUFFICIENT_FUNDS: an empty account.
  write(
    'transfer',
    1,
    201,
    (member, world) => ({
      method: 'POST',
      path: '/api/transaction',
      body: {
        amount: (0.01 + Math.floor(Math.random() * 200) / 100).toFixed(2),
        userName: someoneElse(member, world).username,
        idempotencyKey: randomUUID(),
      },
    }),
    [422, BLOCKED],
  ),
];

/** A kind drawn by weight. */
export function drawKind(kinds: readonly Kind[]) {
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  let at = Math.random() * total;
  for (const kind of kinds) if ((at -= kind.weight) < 0) return kind;
  return kinds.at(-1)!;
}
