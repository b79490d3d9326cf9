import type { AuditAction, AuditTargetType } from '@devplay/shared';
import type { Db } from './client';
import { auditLog } from './schema/index';

/** Who acted: the signed-in admin (a `UserRow` fits). Their name is kept if they leave. */
export type AuditActor = { id: number; username: string };

/** The operator at the admin command line (scripts/ops/admin.ts): no member acted. */
export const COMMAND_LINE_ACTOR = { id: null, username: 'command line' } as const;

export type AuditRecord = {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | number | null;
  /** What was done and what went with it, for people: 'Deleted post "Hello" by ada (2 comments)'. */
  summary: string;
};

/** Longest summary kept; a quoted title or comment is cut well before this. */
const SUMMARY_MAX = 1000;

/**
 * Writes one audit entry. Callers pass the transaction of the action itself, so the entry exists
 * exactly when the action happened: a failed action rolls both back.
 */
export async function recordAudit(
  tx: Db,
  actor: AuditActor | typeof COMMAND_LINE_ACTOR,
  record: AuditRecord,
) {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorUsername: actor.username,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId === null ? null : String(record.targetId),
    summary: record.summary.slice(0, SUMMARY_MAX),
  });
}

/** A title or text quoted in a summary: one line, at most `max` characters. */
export function quote(text: string, max = 60) {
  const line = text.replace(/\s+/g, ' ').trim();
  return `"${line.length > max ? `${line.slice(0, max - 1)}…` : line}"`;
}
