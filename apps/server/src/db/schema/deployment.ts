import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Which deployment this database belongs to: one row, made by the first process that starts
 * (db/deployment.ts). Every process of a deployment shares the database and so agrees on it; two
 * deployments sharing one Redis tell their keys and bus messages apart by it.
 */
export const deployment = pgTable(
  'deployment',
  {
    /** Always true: the key allows one row only. */
    single: boolean().primaryKey().default(true),
    id: uuid().notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('deployment_single_row', sql`${t.single}`)],
);
