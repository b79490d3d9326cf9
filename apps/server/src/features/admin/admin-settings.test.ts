import { AUTH_MESSAGES, SAFETY_LIMITS } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../test/app';
import { OPEN_SETTINGS, useRegistrations } from '../../test/registrations';

const t = useRegistrations(['settings@admin.example', 'second@admin.example']);

describe('who may read and change the registration settings', () => {
  const calls = [
    ['GET', (c: ReturnType<typeof createClient>) => c.get('/admin/settings')],
    [
      'PUT',
      (c: ReturnType<typeof createClient>) => c.put('/admin/settings', { registrations: 'closed' }),
    ],
  ] as const;

  it.each(calls)('%s /admin/settings answers 401 to the anonymous', async (_, call) => {
    const response = await call(createClient(t.ctx.app));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(AUTH_MESSAGES.authorizationRequired);
  });

  it.each(calls)(
    '%s /admin/settings answers 403 to a member, changing nothing',
    async (_, call) => {
      const before = await t.auditCount();
      const response = await call(t.member.client);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        message: AUTH_MESSAGES.adminsOnly,
        code: 'FORBIDDEN',
      });
      expect(await t.settingsNow()).toEqual(OPEN_SETTINGS);
      expect(await t.auditCount()).toBe(before);
    },
  );
});

describe('GET and PUT /admin/settings', () => {
  it('answers the settings: open, nothing blocked, on a new site', async () => {
    const response = await t.admin.client.get('/admin/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(OPEN_SETTINGS);
  });

  const tooMany = Array.from(
    { length: SAFETY_LIMITS.blockedEmailDomainsMax + 1 },
    (_, i) => `d${i}.example`,
  );
  it.each([
    ['an unknown mode', { registrations: 'sometimes' }, 'registrations'],
    ['a mode that is not text', { registrations: 1 }, 'registrations'],
    ['an unknown field', { registrations: 'open', signUps: 'open' }, undefined],
    ['domains that are not a list', { blockedEmailDomains: 'spam.example' }, 'blockedEmailDomains'],
    [
      'a NUL byte in a domain',
      { blockedEmailDomains: ['spam\u0000.example'] },
      'blockedEmailDomains',
    ],
    [
      'an address instead of a domain',
      { blockedEmailDomains: ['a@spam.example'] },
      'blockedEmailDomains',
    ],
    ['a web address', { blockedEmailDomains: ['https://spam.example'] }, 'blockedEmailDomains'],
    ['a single label', { blockedEmailDomains: ['localhost'] }, 'blockedEmailDomains'],
    ['an empty domain', { blockedEmailDomains: [''] }, 'blockedEmailDomains'],
    ['a wildcard', { blockedEmailDomains: ['*.spam.example'] }, 'blockedEmailDomains'],
    [
      'a label over 63 characters',
      { blockedEmailDomains: [`${'a'.repeat(64)}.example`] },
      'blockedEmailDomains',
    ],
    [
      'a domain over 253 characters',
      { blockedEmailDomains: [`${'abcdefgh.'.repeat(29)}example`] },
      'blockedEmailDomains',
    ],
    ['a list over the limit', { blockedEmailDomains: tooMany }, 'blockedEmailDomains'],
    ['a domain that is not text', { blockedEmailDomains: [42] }, 'blockedEmailDomains'],
  ])('answers 400 for %s, changing nothing', async (_, body, field) => {
    const before = await t.auditCount();
    const response = await t.admin.client.put('/admin/settings', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    if (field) expect(response.json().field).toBe(field);
    expect(await t.settingsNow()).toEqual(OPEN_SETTINGS);
    expect(await t.auditCount()).toBe(before);
  });

  it('names what is wrong with a domain in words an admin reads', async () => {
    const response = await t.admin.client.put('/admin/settings', {
      blockedEmailDomains: ['not a domain'],
    });
    expect(response.json().message).toBe('Enter a domain such as example.com');
  });

  it('takes any subset: the fields left out stay as they were', async () => {
    await t.admin.client.put('/admin/settings', { blockedEmailDomains: ['kept.example'] });
    const mode = await t.admin.client.put('/admin/settings', { registrations: 'approval' });
    expect(mode.json()).toEqual({
      registrations: 'approval',
      blockedEmailDomains: ['kept.example'],
    });
    const domains = await t.admin.client.put('/admin/settings', { blockedEmailDomains: [] });
    expect(domains.json()).toEqual({ registrations: 'approval', blockedEmailDomains: [] });
    expect(await t.settingsNow()).toEqual({ registrations: 'approval', blockedEmailDomains: [] });
  });

  it('stores the domains trimmed, lower-cased, each once and sorted', async () => {
    const response = await t.admin.client.put('/admin/settings', {
      blockedEmailDomains: [
        ' Zeta.Example ',
        'alpha.example',
        'ZETA.example',
        'mail.alpha.example',
      ],
    });
    const stored = ['alpha.example', 'mail.alpha.example', 'zeta.example'];
    expect(response.json().blockedEmailDomains).toEqual(stored);
    expect((await t.settingsNow()).blockedEmailDomains).toEqual(stored);
  });

  it('takes a list as long as the limit', async () => {
    const longest = tooMany.slice(1);
    const response = await t.admin.client.put('/admin/settings', { blockedEmailDomains: longest });
    expect(response.statusCode).toBe(200);
    expect(response.json().blockedEmailDomains).toHaveLength(SAFETY_LIMITS.blockedEmailDomainsMax);
  });

  it('records each change in the audit log, saying what changed', async () => {
    const entry = await t.recorded(() =>
      t.admin.client.put('/admin/settings', {
        registrations: 'closed',
        blockedEmailDomains: ['spam.example', 'junk.example'],
      }),
    );
    expect(entry).toMatchObject({
      actor: { id: t.admin.id },
      action: 'settings.update',
      targetType: 'settings',
      targetId: null,
      summary:
        'Changed the settings: registrations open → closed; blocked e-mail domains added: junk.example, spam.example',
    });
    const removed = await t.recorded(() =>
      t.admin.client.put('/admin/settings', { blockedEmailDomains: ['junk.example'] }),
    );
    expect(removed.summary).toBe(
      'Changed the settings: blocked e-mail domains removed: spam.example',
    );
  });

  it('records nothing for a save that changes nothing', async () => {
    await t.notRecorded(200, () => t.admin.client.put('/admin/settings', {}));
    await t.notRecorded(200, () => t.admin.client.put('/admin/settings', OPEN_SETTINGS));
    await t.admin.client.put('/admin/settings', { blockedEmailDomains: ['a.example'] });
    await t.notRecorded(200, () =>
      t.admin.client.put('/admin/settings', { blockedEmailDomains: ['A.example', 'a.example'] }),
    );
  });

  it('applies two admins saving at once one after the other, each entry saying its part', async () => {
    const [mode, domains] = await Promise.all([
      t.admins[0]!.client.put('/admin/settings', { registrations: 'approval' }),
      t.admins[1]!.client.put('/admin/settings', { blockedEmailDomains: ['both.example'] }),
    ]);
    expect([mode.statusCode, domains.statusCode]).toEqual([200, 200]);
    expect(await t.settingsNow()).toEqual({
      registrations: 'approval',
      blockedEmailDomains: ['both.example'],
    });
    const entries = (await t.auditEntries('&action=settings.update')).slice(0, 2);
    expect(entries.map((e) => e.summary).sort()).toEqual([
      'Changed the settings: blocked e-mail domains added: both.example',
      'Changed the settings: registrations open → approval',
    ]);
  });
});

describe('the audit entry and the change are one transaction', () => {
  it('rolls the change back when its entry cannot be written', async () => {
    const db = t.ctx.app.db;
    await db.execute(
      sql`alter table audit_log add constraint test_refuse_settings check (action <> 'settings.update') not valid`,
    );
    try {
      const before = await t.auditCount();
      const response = await t.admin.client.put('/admin/settings', { registrations: 'closed' });
      expect(response.statusCode).toBe(500);
      expect(response.json().message).not.toMatch(/audit|constraint/i);
      expect(await t.settingsNow()).toEqual(OPEN_SETTINGS);
      expect(await t.auditCount()).toBe(before);
    } finally {
      await db.execute(sql`alter table audit_log drop constraint test_refuse_settings`);
    }
  });
});
