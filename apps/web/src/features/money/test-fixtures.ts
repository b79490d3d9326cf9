import type { Me, Transaction, UserSummary } from '@devplay/shared';

export const ada: Me = {
  id: 1,
  username: 'ada',
  fullName: 'Ada Lovelace',
  avatar: null,
  email: 'ada@example.com',
  age: 36,
  bio: '',
  balance: 100,
  isVerified: true,
  isAdmin: false,
  posts_count: 0,
  followersCount: 0,
  followingsCount: 0,
  unreadMessages: 0,
};

export const bob: UserSummary = { id: 2, username: 'bob', fullName: 'Bob Builder', avatar: null };

let nextId = 1;
export const transaction = (fields: Partial<Transaction> = {}): Transaction => ({
  id: nextId++,
  amount: 12.34,
  direction: 'out',
  kind: 'transfer',
  counterparty: bob,
  trDate: '2025-03-04T10:20:00.000Z',
  note: null,
  balanceAfter: 87.66,
  ...fields,
});
