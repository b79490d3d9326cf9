import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { blocks, mutes, posts, users } from '../../db/schema/index';
import { openTestDatabase } from '../../test/database';
import { listPosts } from './post-queries';

/**
 * How the database runs a member's posts, read from its own plan: a page of a prolific author
 * must walk their index from the top (or the cursor), never read and sort all their posts, which
 * costs time in proportion to everything they ever wrote.
 */
let database: Database;
let last: { query: string; params: unknown[] } | undefined;
const ids: Record<'author' | 'viewer' | 'blocker' | 'muter', number> = {
  author: 0,
  viewer: 0,
  blocker: 0,
  muter: 0,
};

beforeAll(async () => {
  database = await openTestDatabase((query, params) => {
    if (query.includes('from "posts"')) last = { query, params: params ?? [] };
  });
  for (const name of Object.keys(ids) as (keyof typeof ids)[]) {
    const [row] = await database.db
      .insert(users)
      .values({ email: `plan-${name}@example.com`, username: `plan_${name}`, passwordHash: 'x' })
      .returning({ id: users.id });
    ids[name] = row!.id;
  }
  const now = Date.now();
  await database.db.insert(posts).values(
    Array.from({ length: 400 }, (_, i) => ({
      authorId: ids.author,
      title: `Post ${i}`,
      description: 'planned',
      createdAt: new Date(now - (400 - i) * 1000),
    })),
  );
  // Relations elsewhere, as on any site with members who block and mute.
  await database.db.insert(blocks).values({ blockerId: ids.blocker, blockedId: ids.viewer });
  await database.db.insert(mutes).values({ muterId: ids.muter, mutedId: ids.viewer });
  // The statistics a database in use has (autovacuum's on PostgreSQL).
  await database.db.execute(sql`analyze`);
});
afterAll(() => database.close());

type PlanNode = { 'Node Type': string; Plans?: PlanNode[] };
const nodeTypes = (node: PlanNode): string[] => [
  node['Node Type'],
  ...(node.Plans ?? []).flatMap(nodeTypes),
];

/** The node types of the plan of the last posts statement, planned with its values. */
async function planOfLast() {
  const client = (
    database.db as unknown as {
      $client: {
        query(text: string, values: unknown[]): Promise<{ rows: { 'QUERY PLAN': unknown }[] }>;
      };
    }
  ).$client;
  const { rows } = await client.query(`explain (format json) ${last!.query}`, last!.params);
  const [plan] = rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode }];
  return nodeTypes(plan.Plan);
}

describe("a member's posts", () => {
  it('walk the author’s index for the first page and after a cursor, sorting nothing', async () => {
    const first = await listPosts(database.db, ids.viewer, {
      authorId: ids.author,
      feed: 'all',
      limit: 20,
    });
    expect(first.items).toHaveLength(20);
    const firstPlan = await planOfLast();
    expect(firstPlan).not.toContain('Sort');
    expect(firstPlan).toContain('Index Scan');

    const later = await listPosts(database.db, ids.viewer, {
      authorId: ids.author,
      feed: 'all',
      limit: 20,
      cursor: first.nextCursor!,
    });
    expect(later.items[0]!.id).toBeLessThan(first.items.at(-1)!.id);
    expect(await planOfLast()).not.toContain('Sort');
  });
});
