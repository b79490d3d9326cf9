import { centsToEuros, type Me } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { unreadNotificationsSql } from '../db/notification-groups';
import { accounts, type UserRow } from '../db/schema/index';
import { unreadOf } from '../features/messages/queries';
import { countsOf } from '../features/users/service';
import type { Deps } from '../deps';

export type PresentMeDeps = Pick<Deps, 'db' | 'isAdmin'>;

/**
 * The signed-in member as API.md's `Me`, for sign-in and /me alike: the profile and counts
 * (users), the balance (money) and the unread count (messages), in one statement.
 */
export async function presentMe({ db, isAdmin }: PresentMeDeps, user: UserRow): Promise<Me> {
  const { balanceCents, ...counts } = await countsOf(db, user.id, {
    balanceCents: sql<number>`coalesce((select ${accounts.balanceCents} from ${accounts} where ${accounts.userId} = ${user.id}), 0)::int`,
    unreadMessages: unreadOf(user.id),
    unreadNotifications: unreadNotificationsSql(user.id),
  });
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    avatar: user.avatar,
    email: user.email,
    age: user.age,
    bio: user.bio,
    isVerified: user.isVerified,
    isAdmin: isAdmin(user),
    balance: centsToEuros(balanceCents),
    ...counts,
  };
}
