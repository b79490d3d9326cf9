import type { Match } from '@devplay/shared';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, type TestContext } from './app';
import { createMember, type Member } from './factories';

const ADMIN_EMAIL = 'boss@tournament.example';

/**
 * One app per test file with an admin and a plain member; the bracket and its participants are
 * one for everyone, and it seats eight, so each test starts from an empty bracket without
 * participants. Getters, because the app exists only once `beforeAll` ran.
 */
export function useTournament() {
  let ctx: TestContext;
  let admin: Member;
  let member: Member;
  beforeAll(async () => {
    ctx = await createTestApp({ adminEmails: new Set([ADMIN_EMAIL]), rateLimits: false });
    admin = await createMember(ctx, { email: ADMIN_EMAIL });
    member = await createMember(ctx);
  });
  afterAll(() => ctx.app.close());
  beforeEach(() => kit.clear());

  const kit = {
    get ctx() {
      return ctx;
    },
    get admin() {
      return admin;
    },
    get member() {
      return member;
    },
    /** An empty bracket, and nobody in the tournament. */
    async clear() {
      expect((await admin.client.delete('/tournament-matches')).statusCode).toBe(200);
      const seated = (await admin.client.get('/tournament-users')).json() as { id: number }[];
      for (const { id } of seated) {
        expect((await admin.client.delete(`/tournament-users/${id}`)).statusCode).toBe(200);
      }
    },
    /** The admin adds these members as participants. */
    async enter(...players: Member[]) {
      for (const player of players) {
        const response = await admin.client.post('/tournament-users', { userId: player.id });
        expect(response.statusCode, response.body).toBe(201);
      }
      return players;
    },
    /** Confirmed members the admin added as participants. */
    async participants(n: number) {
      const added: Member[] = [];
      for (let i = 0; i < n; i++) added.push(await createMember(ctx));
      return kit.enter(...added);
    },
    saveMatch: (body: Record<string, unknown>) => admin.client.post('/tournament-match', body),
    matches: async () => (await member.client.get('/tournament-matches')).json() as Match[],
    matchAt: async (round: string, matchIndex: number) =>
      (await kit.matches()).find((m) => m.round === round && m.matchIndex === matchIndex),
    async newMap(name = `Map ${Math.random().toString(36).slice(2, 8)}`) {
      const response = await admin.client.post('/maps', { name, description: 'A test map' });
      expect(response.statusCode).toBe(201);
      return response.json() as { id: number; name: string };
    },
  };
  return kit;
}
