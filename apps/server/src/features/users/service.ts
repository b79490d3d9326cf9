import {
  AUTH_MESSAGES,
  ERROR_CODES,
  PROFILE_MESSAGES,
  type changePasswordInputSchema,
  type Profile,
  type updateProfileInputSchema,
} from '@devplay/shared';
import { and, desc, eq, ne, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { countColumns } from '../../db/member-counts';
import { memberSummary } from '../../db/member-summary';
import { prepared } from '../../db/prepared';
import { anyColumnLike } from '../../db/text-search';
import { blocking, muting, reachable, refusalOf, suspendedNow } from '../../db/visibility';
import { follows, uploads, users, type UserRow } from '../../db/schema/index';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { replacePassword } from '../../use-cases/replace-password';
import type { Storage } from '../../plugins/storage';

/**
 * The profile's counts are of the users row the statement reads, so a profile is one statement.
 * That row is named in full: drizzle writes a single table's columns unqualified, and a bare "id"
 * inside the counts' subqueries would be the post's.
 */
const readRow = sql.raw('"users"."id"');

const profileParam = {
  viewerId: sql.placeholder('viewerId'),
  username: sql.placeholder('username'),
};

/**
 * A profile, its counts, whether the viewer follows it, and what stands between the two (blocks,
 * mute, privacy, suspension): one statement, prepared once.
 */
const profileStatement = prepared('users_profile', (db) =>
  db
    .select({
      ...memberSummary,
      age: users.age,
      bio: users.bio,
      isFollowing: sql<boolean>`exists(select 1 from ${follows} where ${follows.followerId} = ${profileParam.viewerId}::int and ${follows.followingId} = ${users.id})`,
      ...countColumns(readRow),
      blocked: blocking(profileParam.viewerId, readRow),
      blocksMe: blocking(readRow, profileParam.viewerId),
      muted: muting(profileParam.viewerId, readRow),
      messageRefusal: refusalOf(users.messagesFrom, readRow, profileParam.viewerId),
      transferRefusal: refusalOf(users.transfersFrom, readRow, profileParam.viewerId),
      suspended: suspendedNow(users.suspendedAt, users.suspendedUntil),
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${profileParam.username}::text)`),
);

/**
 * API.md Profile. A pair where either blocks the other, or a suspended member, shows by name and
 * picture only (with the flags): neither sees the other's profile, and a suspended one is hidden.
 * Messaging and paying follow `refusalOf`, the rule the sends themselves apply; never oneself.
 */
export async function getProfile(db: Db, viewerId: number, username: string): Promise<Profile> {
  const [row] = await profileStatement(db, { viewerId, username });
  if (!row) throw notFound(PROFILE_MESSAGES.userNotFound);
  const { messageRefusal, transferRefusal, ...user } = row;
  const isMe = user.id === viewerId;
  const flags = {
    isMe,
    blocked: user.blocked,
    muted: user.muted,
    blocksMe: user.blocksMe,
    suspended: user.suspended,
    canMessage: !isMe && messageRefusal === null,
    canSendMoney: !isMe && transferRefusal === null,
  };
  if ((user.blocked || user.blocksMe || user.suspended) && !isMe) {
    const { id, username: name, fullName, avatar } = user;
    return { id, username: name, fullName, avatar, isFollowing: false, ...flags };
  }
  return { ...user, ...flags };
}

/**
 * SPEC §5: username or full name starting with the text, case-insensitive. Nobody in a block
 * with the viewer, either way, is found; suggestions also leave out whom the viewer mutes.
 */
export async function searchUsers(
  db: Db,
  viewerId: number,
  query: { query?: string; suggest?: string; limit: number },
) {
  const notFollowed = notExists(
    db
      .select({ one: sql`1` })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.followingId, users.id))),
  );
  return db
    .select(memberSummary)
    .from(users)
    .where(
      and(
        // The row is at hand: its own suspension columns, not a second read of it.
        reachable(viewerId, users.id, users),
        query.query
          ? anyColumnLike([users.username, users.fullName], query.query, 'start')
          : undefined,
        query.suggest === 'true'
          ? and(
              ne(users.id, viewerId),
              notFollowed,
              eq(users.isVerified, true),
              sql`not ${muting(viewerId, readRow)}`,
            )
          : undefined,
      ),
    )
    .orderBy(query.query ? sql`lower(${users.username})` : desc(users.createdAt))
    .limit(query.limit);
}

type ProfileUpdate = z.output<typeof updateProfileInputSchema>;

export async function updateProfile(
  db: Db,
  storage: Storage,
  user: UserRow,
  input: ProfileUpdate,
  avatar: Buffer | null,
) {
  const saved = avatar ? await storage.saveImage(avatar, 'avatar', user.id) : null;
  const avatarUrl = saved?.url ?? null;
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...input, ...(avatarUrl ? { avatar: avatarUrl } : {}) })
        .where(eq(users.id, user.id));
      if (avatarUrl) {
        await tx.insert(uploads).values({ ownerId: user.id, url: avatarUrl, kind: 'avatar' });
        if (user.avatar) await tx.delete(uploads).where(eq(uploads.url, user.avatar));
      }
    });
  } catch (error) {
    await saved?.undo();
    if (violatedUniqueConstraint(error)?.includes('username')) {
      throw conflict(AUTH_MESSAGES.usernameTaken, ERROR_CODES.usernameTaken, 'username');
    }
    throw error;
  }
  if (avatarUrl) await storage.remove([user.avatar]);
  const [updated] = await db.select().from(users).where(eq(users.id, user.id));
  return updated!;
}

export async function changePassword(
  db: Db,
  user: UserRow,
  input: z.output<typeof changePasswordInputSchema>,
) {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(
      PROFILE_MESSAGES.currentPasswordWrong,
      ERROR_CODES.wrongPassword,
      'currentPassword',
    );
  }
  await replacePassword(db, user.id, await hashPassword(input.newPassword));
}
