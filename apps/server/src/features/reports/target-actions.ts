import { ERROR_CODES, REPORT_MESSAGES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notify, type NotificationChange } from '../../db/notifications';
import { comments, messages, posts, users, type ReportRow } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { removeComment, type CommentRemoval } from '../../use-cases/delete-comment';
import { removePost, type PostRemoval } from '../../use-cases/delete-post';

// What resolving a report does to its target, inside the resolution's transaction.

/** A message an admin removed: who must hear that it went, once committed. */
type MessageRemoval = {
  id: number;
  senderId: number;
  receiverId: number;
  wasUnread: boolean;
};

/** What the resolution leaves to do once its transaction committed. */
export type Aftermath = {
  changes: NotificationChange[];
  post?: PostRemoval;
  comment?: CommentRemoval;
  message?: MessageRemoval;
  /** The member a suspension took, and until when (null: until lifted). */
  suspended?: { userId: number; until: Date | null };
};

/**
 * The target's author is warned: a `moderation` notification carrying the note, naming the
 * content as it now is (a post's title, a comment's post).
 */
export async function warn(tx: Db, admin: Actor, report: ReportRow, note: string) {
  if (!report.targetAuthorId) return [];
  let title = '';
  let text: string | undefined;
  if (report.targetType === 'post') {
    const [post] = await tx
      .select({ title: posts.title })
      .from(posts)
      .where(eq(posts.id, report.targetId));
    title = post?.title ?? report.excerpt;
  } else if (report.targetType === 'comment') {
    const [comment] = await tx
      .select({ title: posts.title })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(eq(comments.id, report.targetId));
    title = comment?.title ?? '';
    text = report.excerpt;
  } else if (report.targetType === 'message') {
    text = report.excerpt;
  } else {
    const [member] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, report.targetId));
    title = member?.username ?? '';
  }
  return notify(tx, {
    type: 'moderation',
    recipients: [report.targetAuthorId],
    actor: admin.id,
    subjectKey: report.targetId,
    details: { targetType: report.targetType, title, text, action: 'warn', note },
  });
}

/** A received message an admin removes, as its sender's deletion would; the sender is told. */
async function removeMessage(tx: Db, admin: Actor, messageId: number) {
  const [gone] = await tx.delete(messages).where(eq(messages.id, messageId)).returning();
  if (!gone) return { changes: [] };
  const changes = await notify(tx, {
    type: 'moderation',
    recipients: [gone.senderId],
    actor: admin.id,
    subjectKey: messageId,
    details: { targetType: 'message', title: '', text: gone.text },
  });
  const message = {
    id: gone.id,
    senderId: gone.senderId,
    receiverId: gone.receiverId,
    wasUnread: !gone.readAt,
  };
  return { changes, message };
}

const exists = async (tx: Db, table: typeof posts | typeof comments, id: number) =>
  (await tx.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;

/**
 * The target goes as an admin's deletion takes it (audit entry, `moderation` notification); one
 * already gone leaves nothing to remove. A member is not removed here (400).
 */
export async function remove(tx: Db, admin: Actor, report: ReportRow): Promise<Partial<Aftermath>> {
  const id = report.targetId;
  switch (report.targetType) {
    case 'post':
      return (await exists(tx, posts, id)) ? { post: await removePost(tx, admin, id) } : {};
    case 'comment':
      return (await exists(tx, comments, id))
        ? { comment: await removeComment(tx, admin, id) }
        : {};
    case 'message':
      return removeMessage(tx, admin, id);
    case 'user':
      throw badRequest(REPORT_MESSAGES.cannotRemoveMember, ERROR_CODES.validation, 'action');
  }
}
