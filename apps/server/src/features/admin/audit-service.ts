import type { AuditAction, AuditEntry } from '@devplay/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema/index';
import { afterCursor, cursorTime, decodeCursor, toPage } from '../../lib/cursor';

/** GET /admin/audit: newest first, all actions or one. */
export async function listAudit(
  db: Db,
  query: { cursor?: string; limit: number; action?: AuditAction },
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const cursor = decodeCursor(query.cursor);
  const rows = await db
    .select({
      entry: auditLog,
      cursorTime: cursorTime(auditLog.createdAt),
      actorUsername: users.username,
      actorFullName: users.fullName,
      actorAvatar: users.avatar,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        query.action ? eq(auditLog.action, query.action) : undefined,
        afterCursor(auditLog.createdAt, auditLog.id, cursor, 'desc'),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  return toPage(
    rows,
    query.limit,
    (row) => row.entry.id,
    ({ entry, ...actor }) => ({
      id: entry.id,
      actor:
        entry.actorId === null || actor.actorUsername === null
          ? null
          : {
              id: entry.actorId,
              username: actor.actorUsername,
              fullName: actor.actorFullName ?? '',
              avatar: actor.actorAvatar,
            },
      actorUsername: entry.actorUsername,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      summary: entry.summary,
      createdAt: entry.createdAt.toISOString(),
    }),
  );
}
