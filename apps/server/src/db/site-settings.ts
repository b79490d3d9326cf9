import type { SiteSettings } from '@devplay/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { prepared } from './prepared';
import { siteSettings } from './schema/index';

const columns = {
  registrations: siteSettings.registrations,
  blockedEmailDomains: siteSettings.blockedEmailDomains,
};

/**
 * Read afresh by every sign-up: one primary-key read, so an admin's change holds on the next
 * sign-up on every process, with nothing kept in memory to go stale.
 */
const readStatement = prepared('site_settings_read', (db) =>
  db
    .select(columns)
    .from(siteSettings)
    .where(eq(siteSettings.id, sql.placeholder('id'))),
);

function theRow(rows: SiteSettings[]): SiteSettings {
  if (!rows[0]) throw new Error('site_settings has no row: migration 0019 makes it');
  return rows[0];
}

export const readSiteSettings = async (db: Db) => theRow(await readStatement(db, { id: 1 }));

/** The settings, their row locked until the transaction ends: changes apply one after another. */
export const lockSiteSettings = async (tx: Db) =>
  theRow(await tx.select(columns).from(siteSettings).where(eq(siteSettings.id, 1)).for('update'));

export async function writeSiteSettings(tx: Db, settings: SiteSettings) {
  await tx
    .update(siteSettings)
    .set({ ...settings, updatedAt: sql`now()` })
    .where(eq(siteSettings.id, 1));
}
