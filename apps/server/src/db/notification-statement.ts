import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A common table expression of the statement, by name: the action ahead of the event's own
 * (`['added', sql`insert … returning …`]`), which `recipients` may then read. Action and
 * notification are one statement: atomic without a transaction, and one round trip.
 */
export type Step = readonly [name: string, query: SQL];

/** What the request answers (the post's new likes count): its columns, read from `from`. */
export type AnswerQuery = { columns: Record<string, SQL>; from: SQL };

const CHANGE_FIELDS = {
  userId: sql<number | null>`c."userId"`,
  groupId: sql<number | null>`c."groupId"`,
  grewOnly: sql<boolean | null>`c."grewOnly"`,
};

/**
 * The statement: its steps, then the rows of the last one (`userId`, `groupId`, `grewOnly`), and
 * beside them the one row of `answer`, so the action, its notifications and the answer are one
 * round trip. The lone row keeps the changes when `answer` finds nothing, and the answer when
 * nobody is notified. A query builder, so that a hot statement can be prepared by name.
 */
export function changesStatement(db: Db, steps: readonly Step[], answer?: AnswerQuery) {
  const withs = steps.map(([name, query]) => db.$with(name, {}).as(query));
  const changed = sql.identifier(steps.at(-1)![0]);
  if (!answer)
    return db
      .with(...withs)
      .select(CHANGE_FIELDS)
      .from(sql`${changed} c`);
  const columns = Object.entries(answer.columns);
  const answerFields = Object.fromEntries(
    columns.map(([key]) => [key, sql`a.${sql.identifier(key)}`]),
  );
  const answerColumns = sql.join(
    columns.map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );
  return db
    .with(...withs)
    .select({ ...CHANGE_FIELDS, answered: sql<boolean | null>`a.answered`, ...answerFields })
    .from(
      sql`(select 1) one
        left join (select true as answered, ${answerColumns} from ${answer.from}) a on true
        left join ${changed} c on true`,
    );
}

export type ChangesStatement = ReturnType<typeof changesStatement>;
