import { centsToEuros, NOTIFICATION_TYPES } from '@devplay/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, leaveDays, notificationSettings, type UserRow } from '../../db/schema/index';
import { mediaPath } from './media';

/**
 * profile.json: what the member told the platform and the settings they chose. Never what only
 * proves who they are (the password's hash, the authenticator's secret, recovery codes, tokens).
 */
export async function profileOf(db: Db, user: UserRow) {
  const [[account], [settings]] = await Promise.all([
    db
      .select({ balanceCents: accounts.balanceCents })
      .from(accounts)
      .where(eq(accounts.userId, user.id)),
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id)),
  ]);
  return {
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    age: user.age,
    bio: user.bio,
    avatar: mediaPath(user.avatar),
    emailConfirmed: user.isVerified,
    createdAt: user.createdAt,
    balance: centsToEuros(account?.balanceCents ?? 0),
    privacy: { messagesFrom: user.messagesFrom, transfersFrom: user.transfersFrom },
    // No row: every kind of notification is on (the table keeps changes from that).
    notifications: Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, settings?.[type] ?? true]),
    ),
  };
}

/** calendar.json: the member's own leave days; one a day at most, so read in one go. */
export const leaveDaysOf = (db: Db, userId: number) =>
  db
    .select({ date: leaveDays.date, type: leaveDays.type })
    .from(leaveDays)
    .where(eq(leaveDays.userId, userId))
    .orderBy(asc(leaveDays.date));
