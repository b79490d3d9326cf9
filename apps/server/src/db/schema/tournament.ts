import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** SPEC §3: a tournament participant is a member, once. */
export const tournamentParticipants = pgTable('tournament_participants', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The bracket (SPEC §3, §9): 4 + 2 + 1 matches, one row per round and index (from 0). Players are
 * participants; removing one through the API is refused while they play (409), but a member who
 * deletes their account leaves an empty slot behind, hence `set null`.
 */
export const tournamentMatches = pgTable(
  'tournament_matches',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    round: text({ enum: ['round1', 'round2', 'final'] }).notNull(),
    matchIndex: integer('match_index').notNull(),
    team1Id: integer('team1_id').references(() => tournamentParticipants.userId, {
      onDelete: 'set null',
    }),
    team2Id: integer('team2_id').references(() => tournamentParticipants.userId, {
      onDelete: 'set null',
    }),
    winnerId: integer('winner_id').references(() => tournamentParticipants.userId, {
      onDelete: 'set null',
    }),
    /** 'a:b', each side 0-99 (SPEC §5). */
    score: text(),
    matchDate: date('match_date', { mode: 'string' }),
    /** 'HH:MM', 24-hour. */
    matchTime: text('match_time'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('tournament_matches_slot').on(t.round, t.matchIndex),
    check(
      'tournament_matches_index',
      sql`(${t.round} = 'round1' and ${t.matchIndex} between 0 and 3) or (${t.round} = 'round2' and ${t.matchIndex} between 0 and 1) or (${t.round} = 'final' and ${t.matchIndex} = 0)`,
    ),
    check('tournament_matches_two_players', sql`${t.team1Id} <> ${t.team2Id}`),
    check('tournament_matches_score', sql`${t.score} ~ '^[0-9]{1,2}:[0-9]{1,2}$'`),
  ],
);

/** The map pool (SPEC §3); names are unique whatever their case. */
export const maps = pgTable(
  'maps',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text().notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('maps_name_lower_key').on(sql`lower(${t.name})`)],
);

/** Up to 3 maps chosen for a match (SPEC §3); a map in use cannot be deleted (no cascade). */
export const matchMaps = pgTable('match_maps', {
  matchId: integer('match_id')
    .primaryKey()
    .references(() => tournamentMatches.id, { onDelete: 'cascade' }),
  map1: integer('map1_id').references(() => maps.id),
  map2: integer('map2_id').references(() => maps.id),
  map3: integer('map3_id').references(() => maps.id),
});
