import type { SiteSettings, siteSettingsUpdateSchema } from '@devplay/shared';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../../db/audit';
import type { Db } from '../../db/client';
import { lockSiteSettings, writeSiteSettings } from '../../db/site-settings';
import { normalizedDomains } from '../../lib/email-domains';

type SettingsUpdate = z.output<typeof siteSettingsUpdateSchema>;

const listed = (domains: string[]) => (domains.length > 0 ? domains.join(', ') : 'none');

/** What changed, for the audit entry; empty when nothing did. */
function describeChange(before: SiteSettings, after: SiteSettings): string {
  const parts: string[] = [];
  if (before.registrations !== after.registrations) {
    parts.push(`registrations ${before.registrations} → ${after.registrations}`);
  }
  const added = after.blockedEmailDomains.filter((d) => !before.blockedEmailDomains.includes(d));
  const removed = before.blockedEmailDomains.filter((d) => !after.blockedEmailDomains.includes(d));
  if (added.length > 0) parts.push(`blocked e-mail domains added: ${listed(added)}`);
  if (removed.length > 0) parts.push(`blocked e-mail domains removed: ${listed(removed)}`);
  return parts.length > 0 ? `Changed the settings: ${parts.join('; ')}` : '';
}

/**
 * PUT /admin/settings: what the body names changes, the rest stays. The row is locked, so two
 * admins saving at once apply one after the other and each audit entry says what that save
 * changed; a save that changes nothing writes nothing, entry included.
 */
export async function updateSettings(db: Db, admin: AuditActor, update: SettingsUpdate) {
  return db.transaction(async (tx) => {
    const before = await lockSiteSettings(tx);
    const after: SiteSettings = {
      registrations: update.registrations ?? before.registrations,
      blockedEmailDomains: update.blockedEmailDomains
        ? normalizedDomains(update.blockedEmailDomains)
        : before.blockedEmailDomains,
    };
    const summary = describeChange(before, after);
    if (summary) {
      await writeSiteSettings(tx, after);
      await recordAudit(tx, admin, {
        action: 'settings.update',
        targetType: 'settings',
        targetId: null,
        summary,
      });
    }
    return after;
  });
}
