import { REGISTRATION_MODES } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The admins' settings of the whole site: one row, id 1, made by the migration. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer().primaryKey().default(1),
    registrations: text({ enum: REGISTRATION_MODES }).notNull().default('open'),
    /** Lower-cased; a domain also blocks its subdomains. */
    blockedEmailDomains: text('blocked_email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('site_settings_one_row', sql`${t.id} = 1`),
    check('site_settings_registrations', sql`${t.registrations} in ('open', 'approval', 'closed')`),
  ],
);
