import { COMMENT_MESSAGES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client';
import { auditLog, comments, posts, users } from '../db/schema/index';
import type { BusMessage, EventBus } from '../plugins/events';
import { openTestDatabase } from '../test/database';
import { confirmEmail } from './confirm-email';
import { deleteComment } from './delete-comment';
import { deleteMember } from './delete-member';

/**
 * Use-cases take their dependencies as plain values: here a database of the test's own, a bus
 * that records what it was told and steps standing in for the features', with no app, no plugins
 * and no HTTP.
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
  const { bus: events, heard } = recordingBus();
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
    // The post's new count goes to every member but the one whose answer already carries it.
    expect(heard).toContainEqual({
      kind: 'feed',
      counted: expect.any(Number),
      actorId: author.id,
    });
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

describe('confirmEmail with a database, a recording bus and steps of its own', () => {
  const isVerified = async (id: number) =>
    (await db.select().from(users).where(eq(users.id, id)))[0]!.isVerified;

  it("runs each feature's step on the unconfirmed member, in order, then confirms them", async () => {
    const { bus, heard } = recordingBus();
    const joined = await member(false);
    const ran: string[] = [];
    const step = (name: string) => async (_db: Db, id: number) =>
      void ran.push(`${name}:${id}:${(await isVerified(id)) ? 'confirmed' : 'unconfirmed'}`);
    const memberSteps = { confirmed: [step('first'), step('second')], leaving: [] };
    await confirmEmail({ db, events: bus, memberSteps }, joined.id);

    expect(ran).toEqual([`first:${joined.id}:unconfirmed`, `second:${joined.id}:unconfirmed`]);
    expect(await isVerified(joined.id)).toBe(true);
    expect(heard).toEqual([{ kind: 'member', userId: joined.id }]);
  });

  it('leaves the member unconfirmed and tells nobody when a step fails', async () => {
    const { bus, heard } = recordingBus();
    const joined = await member(false);
    const failing = async () => {
      throw new Error('the ledger is away');
    };
    const memberSteps = { confirmed: [failing], leaving: [] };

    await expect(confirmEmail({ db, events: bus, memberSteps }, joined.id)).rejects.toThrow(
      'the ledger is away',
    );
    expect(await isVerified(joined.id)).toBe(false);
    expect(heard).toEqual([]);
  });
});

describe('deleteMember with a database and steps of its own', () => {
  const deps = (leaving: ((tx: Db, id: number) => Promise<void>)[], removed: unknown[] = []) => ({
    db,
    events: recordingBus().bus,
    storage: { remove: async (urls: (string | null)[]) => void removed.push(urls) },
    live: { disconnect: async () => {} },
    isAdmin: () => false,
    memberSteps: { confirmed: [], leaving },
  });
  const exists = async (id: number) =>
    (await db.select().from(users).where(eq(users.id, id))).length === 1;
  const bioOf = async (id: number) =>
    (await db.select().from(users).where(eq(users.id, id)))[0]!.bio;

  it("runs each feature's leaving step on the member's row before it goes, in order", async () => {
    const leaving = await member();
    const ran: string[] = [];
    const step = (name: string) => async (tx: Db, id: number) => {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      ran.push(`${name}:${row?.username}`);
    };
    await deleteMember(deps([step('first'), step('second')]), leaving.id);

    expect(ran).toEqual([`first:${leaving.username}`, `second:${leaving.username}`]);
    expect(await exists(leaving.id)).toBe(false);
  });

  it('keeps the member, and undoes the steps before, when a step fails', async () => {
    const staying = await member();
    const writes = async (tx: Db, id: number) => {
      await tx.update(users).set({ bio: 'Half gone' }).where(eq(users.id, id));
    };
    const failing = async () => {
      throw new Error('the bracket is away');
    };
    const removed: unknown[] = [];

    await expect(deleteMember(deps([writes, failing], removed), staying.id)).rejects.toThrow(
      'the bracket is away',
    );
    expect(await exists(staying.id)).toBe(true);
    expect(await bioOf(staying.id)).toBe(staying.bio);
    expect(removed).toEqual([]);
  });
});
