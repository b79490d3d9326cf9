import { COMMENT_MESSAGES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client';
import { accounts, auditLog, comments, posts, users } from '../db/schema/index';
import type { BusMessage, EventBus } from '../plugins/events';
import { openTestDatabase } from '../test/database';
import { confirmEmail } from './confirm-email';
import { deleteComment } from './delete-comment';

/**
 * Use-cases take their dependencies as plain values: here a database of the test's own and a
 * bus that records what it was told, with no app, no plugins and no HTTP.
 */
let database: Database;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

function recordingBus() {
  const heard: BusMessage[] = [];
  const post = async (message: BusMessage) => void heard.push(message);
  const bus: EventBus = {
    post,
    publish: (audience, event) => post({ kind: 'event', audience, event }),
    subscribe: () => () => {},
    close: async () => {},
  };
  return { bus, heard };
}

let made = 0;
async function member(isVerified = true) {
  made += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `m${made}@plain.example`,
      username: `plain${made}`,
      passwordHash: 'x',
      isVerified,
    })
    .returning();
  return row!;
}

async function commentOn(authorId: number, text: string) {
  const [post] = await db
    .insert(posts)
    .values({ authorId, title: 'A post', description: 'About it' })
    .returning();
  const [comment] = await db
    .insert(comments)
    .values({ postId: post!.id, userId: authorId, text })
    .returning();
  return comment!.id;
}

const commentExists = async (id: number) =>
  (await db.select().from(comments).where(eq(comments.id, id))).length === 1;
const auditOf = (id: number) =>
  db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(id)));

describe('deleteComment with a database and a recording bus', () => {
  const { bus: events } = recordingBus();
  it('lets the author delete their comment, without an audit entry', async () => {
    const author = await member();
    const id = await commentOn(author.id, 'Mine');
    await deleteComment(
      { db, events },
      { id: author.id, username: author.username, isAdmin: false },
      id,
    );
    expect(await commentExists(id)).toBe(false);
    expect(await auditOf(id)).toEqual([]);
  });

  it("refuses another member's comment with 403 and keeps it", async () => {
    const author = await member();
    const other = await member();
    const id = await commentOn(author.id, 'Not yours');
    const attempt = deleteComment({ db, events }, { ...other, isAdmin: false }, id);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 403,
      message: COMMENT_MESSAGES.notAuthor,
    });
    expect(await commentExists(id)).toBe(true);
  });

  it("records an admin's removal in the audit log", async () => {
    const author = await member();
    const admin = await member();
    const id = await commentOn(author.id, 'Off topic');
    await deleteComment({ db, events }, { ...admin, isAdmin: true }, id);
    expect(await commentExists(id)).toBe(false);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'comment.delete',
      summary: `Deleted comment "Off topic" by ${author.username} on "A post"`,
    });
  });
});

describe('confirmEmail with a database and a recording bus', () => {
  it('credits the welcome money once, confirms the member and tells every process', async () => {
    const { bus, heard } = recordingBus();
    const deps = { db, events: bus, config: { welcomeCreditCents: 1250 } };
    const joined = await member(false);
    await confirmEmail(deps, joined.id);
    await confirmEmail(deps, joined.id);

    const [row] = await db.select().from(users).where(eq(users.id, joined.id));
    expect(row!.isVerified).toBe(true);
    const [account] = await db.select().from(accounts).where(eq(accounts.userId, joined.id));
    expect(Number(account!.balanceCents)).toBe(1250);
    expect(heard).toEqual([
      {
        kind: 'event',
        audience: [joined.id],
        event: { type: 'balance:changed', data: { balance: 12.5 } },
      },
      { kind: 'member', userId: joined.id },
      { kind: 'member', userId: joined.id },
    ]);
  });
});
