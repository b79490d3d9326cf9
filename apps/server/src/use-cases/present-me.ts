import { centsToEuros, type Me } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { countColumns, unreadMessagesSql } from '../db/member-counts';
import { unreadNotificationsSql } from '../db/notification-groups';
import { countOpenReports } from '../db/open-reports';
import { prepared } from '../db/prepared';
import { securityColumns } from '../db/sign-in-tickets';
import { accounts, type UserRow } from '../db/schema/index';
import type { Deps } from '../deps';

export type PresentMeDeps = Pick<Deps, 'db' | 'isAdmin'>;

/**
 * The signed-in member as API.md's `Me`, for sign-in and /me alike: the profile and counts
 * (users), the balance (money) and the unread counts (messages, notifications), in one statement
 * prepared once.
 */
const me = sql.placeholder('me');

const countsStatement = prepared('me_counts', (db) =>
  db
    .select({
      ...countColumns(me),
      balanceCents: sql<number>`coalesce((select ${accounts.balanceCents} from ${accounts} where ${accounts.userId} = ${me}), 0)::int`,
      unreadMessages: unreadMessagesSql(me),
      unreadNotifications: unreadNotificationsSql(me),
      ...securityColumns(me),
    })
    .from(sql`(select 1) as one`),
);

export async function presentMe({ db, isAdmin }: PresentMeDeps, user: UserRow): Promise<Me> {
  const admin = isAdmin(user);
  const [[row], openReports] = await Promise.all([
    countsStatement(db, { me: user.id }),
    // Only admins see the queue; the count reads the partial index of open reports.
    admin ? countOpenReports(db) : undefined,
  ]);
  const { balanceCents, totp, passkeys, recoveryCodesLeft, ...counts } = row!;
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    avatar: user.avatar,
    email: user.email,
    age: user.age,
    bio: user.bio,
    isVerified: user.isVerified,
    isAdmin: admin,
    balance: centsToEuros(balanceCents),
    ...counts,
    privacy: { messagesFrom: user.messagesFrom, transfersFrom: user.transfersFrom },
    pendingApproval: user.pendingApproval,
    security: { totp, passkeys, recoveryCodesLeft },
    ...(openReports === undefined ? {} : { openReports }),
  };
}
