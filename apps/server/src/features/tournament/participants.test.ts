import { TOURNAMENT_MESSAGES } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { useTournament } from '../../test/tournament';

const t = useTournament();
const { participants, saveMatch, matchAt } = t;

describe('participants', () => {
  it('adds a member once and lists them with avatar and username', async () => {
    const player = await createMember(t.ctx);
    const added = await t.admin.client.post('/tournament-users', { userId: player.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      id: player.id,
      username: player.username,
      fullName: expect.any(String),
      avatar: null,
    });
    const again = await t.admin.client.post('/tournament-users', { userId: player.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: TOURNAMENT_MESSAGES.alreadyParticipant,
      code: 'PARTICIPANT_EXISTS',
      field: 'userId',
    });
    const list = (await t.member.client.get('/tournament-users')).json() as { id: number }[];
    expect(list.filter((p) => p.id === player.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown member or a non-participant, 400 for a bad id', async () => {
    expect((await t.admin.client.post('/tournament-users', { userId: 999_999 })).statusCode).toBe(
      404,
    );
    const outsider = await createMember(t.ctx);
    const removal = await t.admin.client.delete(`/tournament-users/${outsider.id}`);
    expect(removal.statusCode).toBe(404);
    expect(removal.json().message).toBe(TOURNAMENT_MESSAGES.notParticipant);
    for (const userId of [0, -1, 2_147_483_648, 'abc', null]) {
      const response = await t.admin.client.post('/tournament-users', { userId });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('userId');
    }
    expect((await t.admin.client.delete('/tournament-users/2147483648')).statusCode).toBe(400);
  });

  it('refuses to remove a player of the bracket (409) until they are taken out of it', async () => {
    const [a, b] = await participants(2);
    await saveMatch({ round: 'round1', matchIndex: 2, team1Id: a!.id, team2Id: b!.id });
    const refused = await t.admin.client.delete(`/tournament-users/${a!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: TOURNAMENT_MESSAGES.participantInBracket,
      code: 'PARTICIPANT_IN_BRACKET',
    });
    await saveMatch({ round: 'round1', matchIndex: 2, team1Id: null, team2Id: b!.id });
    expect((await t.admin.client.delete(`/tournament-users/${a!.id}`)).statusCode).toBe(200);
    const list = (await t.member.client.get('/tournament-users')).json() as { id: number }[];
    expect(list.map((p) => p.id)).not.toContain(a!.id);
  });

  it('leaves an empty slot when a player deletes their account', async () => {
    const [a, b] = await participants(2);
    await saveMatch({ round: 'round1', matchIndex: 3, team1Id: a!.id, team2Id: b!.id });
    expect((await a!.client.delete('/me')).statusCode).toBe(200);
    expect(await matchAt('round1', 3)).toMatchObject({ team1Id: null, team2Id: b!.id });
    const list = (await t.member.client.get('/tournament-users')).json() as { id: number }[];
    expect(list.map((p) => p.id)).not.toContain(a!.id);
  });
});
