import { TOURNAMENT_MESSAGES } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { useTournament } from '../../test/tournament';

const t = useTournament();
const { participants, saveMatch, matches, matchAt, newMap } = t;

describe('the winner moves on (auto-advance)', () => {
  it('fills round 2 and the final from the winners, slot by parity', async () => {
    const players = await participants(8);
    const id = (i: number) => players[i]!.id;
    for (let i = 0; i < 4; i++) {
      const response = await saveMatch({
        round: 'round1',
        matchIndex: i,
        team1Id: id(2 * i),
        team2Id: id(2 * i + 1),
        score: i % 2 ? '1:2' : '2:0',
        winnerId: i % 2 ? id(2 * i + 1) : id(2 * i),
      });
      expect(response.statusCode).toBe(200);
    }
    // Winners: 0, 3, 4, 7.
    expect(await matchAt('round2', 0)).toMatchObject({ team1Id: id(0), team2Id: id(3) });
    expect(await matchAt('round2', 1)).toMatchObject({ team1Id: id(4), team2Id: id(7) });

    await saveMatch({
      round: 'round2',
      matchIndex: 0,
      team1Id: id(0),
      team2Id: id(3),
      score: '0:2',
      winnerId: id(3),
    });
    await saveMatch({
      round: 'round2',
      matchIndex: 1,
      team1Id: id(4),
      team2Id: id(7),
      score: '2:1',
      winnerId: id(4),
    });
    expect(await matchAt('final', 0)).toMatchObject({ team1Id: id(3), team2Id: id(4) });
    const final = await saveMatch({
      ...{ round: 'final', matchIndex: 0, team1Id: id(3), team2Id: id(4) },
      ...{ score: '16:14', winnerId: id(3) },
    });
    expect(final.statusCode).toBe(200);
    expect(await matches()).toHaveLength(7);
  });

  it('takes back what followed from a result that changes', async () => {
    const players = await participants(4);
    const id = (i: number) => players[i]!.id;
    await saveMatch({
      round: 'round1',
      matchIndex: 0,
      team1Id: id(0),
      team2Id: id(1),
      score: '2:0',
      winnerId: id(0),
    });
    await saveMatch({
      round: 'round1',
      matchIndex: 1,
      team1Id: id(2),
      team2Id: id(3),
      score: '0:2',
      winnerId: id(3),
    });
    await saveMatch({
      round: 'round2',
      matchIndex: 0,
      team1Id: id(0),
      team2Id: id(3),
      score: '2:0',
      winnerId: id(0),
    });
    expect(await matchAt('final', 0)).toMatchObject({ team1Id: id(0), team2Id: null });

    // Player 1 won after all: they replace player 0 in round 2, whose result no longer stands.
    await saveMatch({
      round: 'round1',
      matchIndex: 0,
      team1Id: id(0),
      team2Id: id(1),
      score: '1:2',
      winnerId: id(1),
    });
    // The old pairing's score goes with it.
    expect(await matchAt('round2', 0)).toMatchObject({
      team1Id: id(1),
      team2Id: id(3),
      score: null,
      winnerId: null,
    });
    expect(await matchAt('final', 0)).toMatchObject({ team1Id: null, team2Id: null });

    // No winner any more: the slot in round 2 empties.
    await saveMatch({ round: 'round1', matchIndex: 1, team1Id: id(2), team2Id: id(3) });
    expect(await matchAt('round2', 0)).toMatchObject({ team1Id: id(1), team2Id: null });

    // Deleting a match takes its winner back out too.
    expect((await t.admin.client.delete('/tournament-match/round1/0')).statusCode).toBe(200);
    expect(await matchAt('round2', 0)).toMatchObject({ team1Id: null, team2Id: null });
  });

  it('Reset Bracket deletes every match and the maps chosen for them', async () => {
    const [a, b] = await participants(2);
    await saveMatch({
      round: 'round1',
      matchIndex: 0,
      team1Id: a!.id,
      team2Id: b!.id,
      score: '2:1',
      winnerId: a!.id,
    });
    const map = await newMap();
    const matchId = (await matchAt('round1', 0))!.id;
    await t.admin.client.post('/match-maps', { matchId, map1: map.id });
    const reset = await t.admin.client.delete('/tournament-matches');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: TOURNAMENT_MESSAGES.bracketReset });
    expect(await matches()).toEqual([]);
    expect((await t.member.client.get('/match-maps')).json()).toEqual([]);
    // Nobody plays any more, so the participants may leave.
    expect((await t.admin.client.delete(`/tournament-users/${a!.id}`)).statusCode).toBe(200);
  });
});
