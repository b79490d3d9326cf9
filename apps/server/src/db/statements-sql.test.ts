import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createFeedCache } from '../features/posts/feed-cache';
import { like, unlike } from '../features/posts/like-service';
import { feedSource } from '../features/posts/feed-fresh';
import type { EventBus } from '../plugins/events';
import type { Db } from './client';
import * as schema from './schema/index';

/**
 * The SQL of the hottest statements as text, in .sql files beside this one (__snapshots__/), so
 * a reviewer reads what PostgreSQL is sent and any change to it shows in the diff. No database:
 * a stand-in for node-postgres records each statement drizzle sends, under the name it is
 * prepared by, and answers it with the rows given for that name, else none.
 */
type Sent = { name: string; text: string; values: unknown[] };

function recordingDb(answers: Record<string, unknown[][]> = {}) {
  const sent: Sent[] = [];
  const client = {
    query: async (config: { name?: string; text: string }, values: unknown[] = []) => {
      sent.push({ name: config.name ?? '', text: config.text, values });
      return { rows: answers[config.name ?? ''] ?? [], fields: [], rowCount: 0 };
    },
  };
  const db = drizzle({ client: client as unknown as pg.Pool, schema }) as unknown as Db;
  return { db, sent };
}

/** Values no statement holds of itself, so each parameter is named by the value bound to it. */
const VALUES = { postId: 1001, userId: 2002, viewerId: 3003 };
const NAMES = new Map<unknown, string>(
  Object.entries(VALUES).map(([name, value]) => [value, name]),
);

const named = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(named).join(', ')}]`
    : (NAMES.get(value) ?? JSON.stringify(value));

/** Where a line break goes when the clause starts outside any parenthesis. */
const CLAUSES = [
  'select',
  'from',
  'where',
  'cross join',
  'left join',
  'inner join',
  'order by',
  'limit',
];
const startsClause = (text: string, at: number) =>
  CLAUSES.some((clause) => text.startsWith(`${clause} `, at));

/** A line of the layout; `indent` is the code's own, for a line its SQL template began. */
type Line = { text: string; depth: number; indent?: number };

/**
 * Whitespace only: each common table expression and top-level clause on lines of its own and
 * the select list one column a line; the lines of the code's SQL templates keep their indentation
 * relative to one another.
 */
function layout(text: string) {
  const lines: Line[] = [{ text: '', depth: 0 }];
  let depth = 0;
  let quote: string | undefined;
  let inStep = false;
  const line = () => lines.at(-1)!;
  const put = (part: string) => void (line().text += part);
  const breakLine = (prefix = '', indent?: number) =>
    void lines.push({ text: prefix, depth, indent });
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    const stepEnds = char === ')' && depth === 1 && inStep;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '\n') {
      let indent = 0;
      while (text[at + 1 + indent] === ' ') indent++;
      at += indent;
      breakLine('', depth === 0 && startsClause(text, at + 1) ? undefined : indent);
      continue;
    } else if (depth === 0 && char === ' ' && startsClause(text, at + 1)) {
      breakLine();
      continue;
    } else if (depth === 0 && text.startsWith(', ', at) && line().text !== ')') {
      put(',');
      breakLine('  ');
      at++;
      continue;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '(' && depth++ === 0 && line().text.endsWith(' as ')) {
      inStep = true;
      put('(');
      breakLine();
      continue;
    } else if (char === ')') depth--;
    if (stepEnds) {
      inStep = false;
      breakLine();
    }
    put(char);
  }
  return indented(lines);
}

/** A template's lines, as a run after the line that began it: at its depth, as in the code. */
function indented(lines: Line[]) {
  const runs: Line[][] = [];
  for (const line of lines) {
    if (line.indent === undefined) runs.push([]);
    runs.at(-1)!.push(line);
  }
  return runs
    .flatMap(([first, ...rest]) => {
      const depth = Math.min(...rest.map((line) => line.depth));
      const least = Math.min(...rest.map((line) => line.indent!));
      return [
        `${'  '.repeat(first!.depth)}${first!.text}`,
        ...rest.map((line) => `${' '.repeat(2 * depth + line.indent! - least)}${line.text}`),
      ];
    })
    .join('\n');
}

/** A statement as a reader wants it: what it is, each parameter's meaning, then the SQL. */
function render(heading: string, { name, text, values }: Sent) {
  const laidOut = layout(text);
  expect(laidOut.replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
  return [
    `-- ${heading}`,
    `-- Prepared as "${name}"; its parameters:`,
    ...values.map((value, index) => `--   $${index + 1} = ${named(value)}`),
    `${laidOut};`,
    '',
  ].join('\n');
}

const silentBus: EventBus = {
  post: async () => {},
  publish: async () => {},
  subscribe: () => () => {},
  close: async () => {},
};

describe('the SQL of a like, as text', () => {
  it('likes and takes a like back in one statement each, as __snapshots__/like.sql shows', async () => {
    const { db, sent } = recordingDb();
    // The stand-in finds no post: each answers 404 after its one statement.
    const missing = { statusCode: 404 };
    await expect(like(db, silentBus, VALUES.postId, VALUES.userId)).rejects.toMatchObject(missing);
    await expect(unlike(db, silentBus, VALUES.postId, VALUES.userId)).rejects.toMatchObject(
      missing,
    );
    expect(sent.map((statement) => statement.name)).toEqual(['posts_like', 'posts_unlike']);
    await expect(
      [
        render('A like: POST /like (features/posts/like-service.ts)', sent[0]!),
        render('A like taken back: DELETE /like/:postId', sent[1]!),
      ].join('\n'),
    ).toMatchFileSnapshot('__snapshots__/like.sql');
  });

  it('reads a first page of the feed as __snapshots__/feed-first-page.sql shows', async () => {
    // The version check answers version 0, a viewer without relations and no post: its columns
    // are the version, the check's number, whether the viewer has relations, then the post's
    // four, empty.
    const { db, sent } = recordingDb({ feed_fresh: [[0, 0, false, null, null, null, false]] });
    await createFeedCache(feedSource(db)).newest(VALUES.viewerId, 10);
    expect(sent.map((statement) => statement.name)).toEqual(['feed_fresh', 'posts_page_all_11']);
    await expect(
      [
        render(
          "GET /posts, first: the feed's version and the counts of the kept page's posts " +
            '(features/posts/feed-fresh.ts; a first visit keeps no page, so it asks for none)',
          sent[0]!,
        ),
        render('Then, with no page kept under that version, the first page of "All"', sent[1]!),
      ].join('\n'),
    ).toMatchFileSnapshot('__snapshots__/feed-first-page.sql');
  });
});
