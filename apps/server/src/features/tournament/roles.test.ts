import { describe, expect, it } from 'vitest';
import { createClient, signUpUnverified } from '../../test/app';
import { createMember } from '../../test/factories';
import { useTournament } from '../../test/tournament';

const t = useTournament();
const { participants, saveMatch, matchAt, newMap } = t;

describe('who may call the tournament (SPEC §6)', () => {
  it('answers 401 to anonymous callers on every route, reads included', async () => {
    const anonymous = createClient(t.ctx.app);
    const calls = [
      anonymous.get('/tournament-users'),
      anonymous.post('/tournament-users', { userId: t.member.id }),
      anonymous.delete(`/tournament-users/${t.member.id}`),
      anonymous.get('/tournament-matches'),
      anonymous.post('/tournament-match', { round: 'round1', matchIndex: 0 }),
      anonymous.delete('/tournament-match/round1/0'),
      anonymous.delete('/tournament-matches'),
      anonymous.get('/maps'),
      anonymous.post('/maps', { name: 'Anubis', description: '' }),
      anonymous.delete('/maps/1'),
      anonymous.get('/match-maps'),
      anonymous.post('/match-maps', { matchId: 1, map1: 1, map2: null, map3: null }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
  });

  it('lets every signed-in member read participants, matches, maps and match maps', async () => {
    for (const path of ['/tournament-users', '/tournament-matches', '/maps', '/match-maps']) {
      const response = await t.member.client.get(path);
      expect(response.statusCode, path).toBe(200);
      expect(Array.isArray(response.json())).toBe(true);
    }
  });

  it('answers 403 to a member and 2xx to an admin on every admin call', async () => {
    const [player] = await participants(1);
    const [other] = [await createMember(t.ctx)];
    const unverified = createClient(t.ctx.app);
    await signUpUnverified(unverified);
    const map = await newMap();
    await saveMatch({ round: 'round1', matchIndex: 1 });
    const matchId = (await matchAt('round1', 1))!.id;

    const calls: [
      string,
      (client: typeof t.admin.client) => ReturnType<typeof t.admin.client.get>,
      number,
    ][] = [
      ['add participant', (c) => c.post('/tournament-users', { userId: other.id }), 201],
      ['remove participant', (c) => c.delete(`/tournament-users/${other.id}`), 200],
      [
        'save match',
        (c) => c.post('/tournament-match', { round: 'round1', matchIndex: 0, team1Id: player!.id }),
        200,
      ],
      ['delete match', (c) => c.delete('/tournament-match/round1/0'), 200],
      ['add map', (c) => c.post('/maps', { name: 'Anubis', description: 'Egypt' }), 201],
      [
        'choose match maps',
        (c) => c.post('/match-maps', { matchId, map1: map.id, map2: null, map3: null }),
        200,
      ],
      [
        'clear match maps',
        (c) => c.post('/match-maps', { matchId, map1: null, map2: null, map3: null }),
        200,
      ],
      ['delete map', (c) => c.delete(`/maps/${map.id}`), 200],
      ['reset bracket', (c) => c.delete('/tournament-matches'), 200],
    ];
    for (const [label, call, success] of calls) {
      const refused = await call(t.member.client);
      expect(refused.statusCode, `${label} as a member`).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      expect((await call(unverified)).statusCode, `${label} unconfirmed`).toBe(403);
      expect((await call(t.admin.client)).statusCode, `${label} as an admin`).toBe(success);
    }
  });
});
