import type { Conversation, Me, Message, UserSummary } from '@devplay/shared';

export const ada: Me = {
  id: 1,
  username: 'ada',
  fullName: 'Ada Lovelace',
  avatar: null,
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
};

export const bob: UserSummary = { id: 2, username: 'bob', fullName: 'Bob Builder', avatar: null };

const adaSummary: UserSummary = { id: 1, username: 'ada', fullName: 'Ada Lovelace', avatar: null };

/** A message between ada (1) and bob (2); `from` says who wrote it. */
export function message(
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

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    userId: bob.id,
    username: bob.username,
    fullName: bob.fullName,
    avatar: null,
    lastMessage: 'See you',
    lastMessageTime: new Date(2025, 2, 7, 9, 5).toISOString(),
    unread: 0,
    ...overrides,
  };
}
