import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './schema/index';

type Field = 'id' | 'username' | 'fullName' | 'avatar';

/**
 * A member as every list shows them (API.md `UserSummary`): authors, likers, followers,
 * participants, senders. One set of columns, so that a field added to it lands in all of them.
 * `table` is the users table or an alias of it.
 */
export const memberSummaryOf = <Table extends Record<Field, AnyPgColumn>>(
  table: Table,
): Pick<Table, Field> => ({
  id: table.id,
  username: table.username,
  fullName: table.fullName,
  avatar: table.avatar,
});

export const memberSummary = memberSummaryOf(users);

/** The same as one JSON value of a raw statement, from the users row it names `alias`. */
export function memberSummaryJson(alias: string) {
  const pairs = Object.entries(memberSummary).map(
    ([key, column]) =>
      sql`${sql.raw(`'${key}'`)}, ${sql.identifier(alias)}.${sql.identifier(column.name)}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}
