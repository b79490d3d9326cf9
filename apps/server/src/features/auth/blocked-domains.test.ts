import { SAFETY_MESSAGES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createClient, newUser, signUp } from '../../test/app';
import { createMember, publish } from '../../test/factories';
import { useRegistrations } from '../../test/registrations';

const t = useRegistrations(['domains@admin.example']);
const { setSettings } = t;

const storedUser = async (email: string) =>
  (await t.ctx.app.db.select().from(users).where(eq(users.email, email)))[0];

describe('blocked e-mail domains', () => {
  const domainRefused = {
    message: 'This e-mail domain is not allowed.',
    code: 'VALIDATION_ERROR',
    field: 'email',
  };

  it.each([
    'blocked.example',
    'mail.blocked.example',
    'a.b.blocked.example',
    'MAIL.Blocked.Example',
  ])('refuses an address at %s with 400, storing nothing', async (domain) => {
    await setSettings({ blockedEmailDomains: ['blocked.example'] });
    const user = newUser('blocked');
    user.email = `${user.username}@${domain}`;
    const response = await signUp(createClient(t.ctx.app), user);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(domainRefused);
    expect(await storedUser(user.email.toLowerCase())).toBeUndefined();
    expect(t.ctx.mailbox.to(user.email.toLowerCase())).toEqual([]);
  });

  it.each(['notblocked.example', 'blocked.example.org', 'blocked.exampl'])(
    'takes an address at %s: only whole labels match',
    async (domain) => {
      await setSettings({ blockedEmailDomains: ['blocked.example'] });
      const user = newUser('near');
      user.email = `${user.username}@${domain}`;
      expect((await signUp(createClient(t.ctx.app), user)).statusCode).toBe(201);
    },
  );

  it('refuses the domain before saying whether the address is taken', async () => {
    const taken = newUser('taken');
    await signUp(createClient(t.ctx.app), taken);
    await setSettings({ blockedEmailDomains: ['example.com'] });
    const response = await signUp(createClient(t.ctx.app), { ...newUser('x'), email: taken.email });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(domainRefused);
  });

  it('takes the address again once its domain is unblocked', async () => {
    const user = { ...newUser('unblocked'), email: 'back@again.example' };
    await setSettings({ blockedEmailDomains: ['again.example'] });
    expect((await signUp(createClient(t.ctx.app), user)).statusCode).toBe(400);
    await setSettings({ blockedEmailDomains: [] });
    expect((await signUp(createClient(t.ctx.app), user)).statusCode).toBe(201);
  });

  it('leaves members of a domain blocked later signed in and writing', async () => {
    const member = await createMember(t.ctx, { email: 'early@later.example' });
    await setSettings({ blockedEmailDomains: ['later.example'] });
    const signIn = await createClient(t.ctx.app).post('/signin', {
      email: member.email,
      password: member.password,
    });
    expect(signIn.statusCode).toBe(200);
    await publish(t.ctx, member.client);
  });

  it('says the registrations are closed before looking at the domain', async () => {
    await setSettings({ registrations: 'closed', blockedEmailDomains: ['example.com'] });
    const response = await signUp(createClient(t.ctx.app), newUser('both'));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(SAFETY_MESSAGES.registrationsClosed);
  });
});
