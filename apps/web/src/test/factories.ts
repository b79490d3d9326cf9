import type {
  Conversation,
  Me,
  Message,
  Post,
  Profile,
  Transaction,
  UserSummary,
} from '@devplay/shared';

// Test data for the web tests (DESIGN §8: small factories). Defaults are plain; a test
// overrides what it reads, so its assertions never depend on a default they do not show.

export const makeUser = (id: number, overrides: Partial<UserSummary> = {}): UserSummary => ({
  id,
  username: `user${id}`,
  fullName: `User ${id}`,
  avatar: null,
  ...overrides,
});

/** The other member of most tests. */
export const bob = makeUser(2, { username: 'bob', fullName: 'Bob Builder' });

/** The signed-in member of most tests: Ada, id 1. */
export const makeMe = (overrides: Partial<Me> = {}): Me => ({
  ...makeUser(1, { username: 'ada', fullName: 'Ada Lovelace' }),
  email: 'ada@example.com',
  age: 36,
  bio: '',
  balance: 0,
  isVerified: true,
  isAdmin: false,
  posts_count: 0,
  followersCount: 0,
  followingsCount: 0,
  unreadMessages: 0,
  unreadNotifications: 0,
  privacy: { messagesFrom: 'everyone', transfersFrom: 'everyone' },
  pendingApproval: false,
  security: { totp: false, passkeys: 0, recoveryCodesLeft: 0 },
  ...overrides,
});

/** Bob's profile as another member sees it. */
export const makeProfile = (overrides: Partial<Profile> = {}): Profile => ({
  ...bob,
  age: 45,
  bio: '',
  posts_count: 0,
  followersCount: 0,
  followingsCount: 0,
  isFollowing: false,
  isMe: false,
  blocked: false,
  muted: false,
  blocksMe: false,
  canMessage: true,
  canSendMoney: true,
  suspended: false,
  ...overrides,
});

export const makePost = (overrides: Partial<Post> = {}): Post => ({
  id: 10,
  title: 'First match',
  description: 'Three maps.\nInferno was close.',
  image: null,
  video: null,
  imageAlt: null,
  createdAt: '2026-03-04T05:06:00.000Z',
  editedAt: null,
  author: bob,
  likesCount: 0,
  likedByMe: false,
  commentsCount: 0,
  ...overrides,
});

const adaSummary = makeUser(1, { username: 'ada', fullName: 'Ada Lovelace' });

/** A message between Ada (1) and Bob (2); `from` says who wrote it. */
export function makeMessage(
  id: number,
  text: string,
  from: 'ada' | 'bob',
  createdAt?: string,
): Message {
  const [sender, receiver] = from === 'ada' ? [adaSummary, bob] : [bob, adaSummary];
  return {
    id,
    senderId: sender.id,
    receiverId: receiver.id,
    text,
    createdAt: createdAt ?? new Date(2025, 2, 7, 9, id).toISOString(),
    readAt: null,
    sender,
    receiver,
  };
}

/** Ada's conversation with Bob, as the conversation list shows it. */
export const makeConversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  userId: bob.id,
  username: bob.username,
  fullName: bob.fullName,
  avatar: null,
  lastMessage: 'See you',
  lastMessageTime: new Date(2025, 2, 7, 9, 5).toISOString(),
  unread: 0,
  ...overrides,
});

let nextTransactionId = 1;
/** Ada's transfer to Bob; each call gets a new id. */
export const makeTransaction = (overrides: Partial<Transaction> = {}): Transaction => ({
  id: nextTransactionId++,
  amount: 12.34,
  direction: 'out',
  kind: 'transfer',
  counterparty: bob,
  trDate: '2025-03-04T10:20:00.000Z',
  note: null,
  balanceAfter: 87.66,
  ...overrides,
});
