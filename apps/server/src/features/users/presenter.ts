import type { Me } from '@devplay/shared';
import type { UserRow } from '../../db/schema/index';

/**
 * API.md `Me`. Posts, follows, messages and money arrive with their own features; until a
 * member can have any, their counts and balance are truly zero.
 */
export function presentMe(user: UserRow, adminEmails: ReadonlySet<string>): Me {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    avatar: user.avatar,
    email: user.email,
    age: user.age,
    bio: user.bio,
    balance: 0,
    isVerified: user.isVerified,
    isAdmin: adminEmails.has(user.email),
    posts_count: 0,
    followersCount: 0,
    followingsCount: 0,
    unreadMessages: 0,
  };
}
