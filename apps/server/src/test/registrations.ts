import type { SiteSettings } from '@devplay/shared';
import { afterEach, expect } from 'vitest';
import { useAdminPanel } from './admin-panel';
import { newUser } from './app';
import { createMember } from './factories';

export const OPEN_SETTINGS: SiteSettings = { registrations: 'open', blockedEmailDomains: [] };

/**
 * The admin panel of useAdminPanel, whose first admin changes the registration settings; they
 * are open again, nothing blocked, after each test.
 */
export function useRegistrations(adminEmails: string[], signedUp = adminEmails.length) {
  const t = useAdminPanel(adminEmails, signedUp);

  async function setSettings(settings: Partial<SiteSettings>) {
    const response = await t.admin.client.put('/admin/settings', settings);
    expect(response.statusCode, response.body).toBe(200);
  }
  afterEach(() => setSettings(OPEN_SETTINGS));

  return Object.assign(t, {
    setSettings,
    settingsNow: async (): Promise<SiteSettings> =>
      (await t.admin.client.get('/admin/settings')).json(),
    /** A confirmed, signed-in member who signed up while sign-ups needed approval. */
    async pendingMember(tag = 'pending') {
      await setSettings({ registrations: 'approval' });
      const member = await createMember(t.ctx, newUser(tag));
      await setSettings({ registrations: 'open' });
      return member;
    },
  });
}
