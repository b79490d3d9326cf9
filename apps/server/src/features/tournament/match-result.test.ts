import { TOURNAMENT_MESSAGES } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { useTournament } from '../../test/tournament';

const t = useTournament();
const { participants, saveMatch, matches, matchAt } = t;

describe('a match result belongs to its score and its pairing', () => {
  it('refuses a winner without a score, with a clear 400, and saves nothing', async () => {
    const [a, b] = await participants(2);
    const base = { round: 'round1', matchIndex: 0, team1Id: a!.id, team2Id: b!.id };
    for (const score of [undefined, null, '']) {
      const response = await saveMatch({ ...base, score, winnerId: a!.id });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'winnerId',
        message: TOURNAMENT_MESSAGES.winnerNeedsScore,
      });
    }
    expect(await matches()).toEqual([]);
  });

  it('clears the score and the winner when a player is taken out of the match', async () => {
    const [a, b, c] = await participants(3);
    const played = { round: 'round1', matchIndex: 0, team1Id: a!.id, team2Id: b!.id };
    expect((await saveMatch({ ...played, score: '2:1', winnerId: a!.id })).statusCode).toBe(200);
    expect(await matchAt('round2', 0)).toMatchObject({ team1Id: a!.id });

    // The bracket sends the match back whole with one change: nobody in player 2's slot.
    const emptied = await saveMatch({ ...played, team2Id: null, score: '2:1', winnerId: a!.id });
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json()).toMatchObject({ team1Id: a!.id, team2Id: null, score: null });
    expect(emptied.json().winnerId).toBeNull();
    // The winner of a result that no longer stands leaves round 2 too.
    expect(await matchAt('round2', 0)).toMatchObject({ team1Id: null });

    // Another player in the slot: the old score does not carry over to the new pairing.
    await saveMatch({ ...played, score: '0:2', winnerId: b!.id });
    const replaced = await saveMatch({ ...played, team2Id: c!.id, score: '0:2' });
    expect(replaced.json()).toMatchObject({ team2Id: c!.id, score: null, winnerId: null });
  });

  it('keeps a result sent with a new pairing, and a result when only the date changes', async () => {
    const [a, b, c] = await participants(3);
    const played = { round: 'round1', matchIndex: 1, team1Id: a!.id, team2Id: b!.id };
    await saveMatch({ ...played, score: '2:1', winnerId: a!.id });
    const dated = await saveMatch({
      ...{ ...played, score: '2:1', winnerId: a!.id },
      matchDate: '2030-05-01',
    });
    expect(dated.json()).toMatchObject({ score: '2:1', winnerId: a!.id });

    const fresh = await saveMatch({ ...played, team2Id: c!.id, score: '0:3', winnerId: c!.id });
    expect(fresh.json()).toMatchObject({ team2Id: c!.id, score: '0:3', winnerId: c!.id });
  });

  it('a player who deletes their account takes their results with them', async () => {
    const [a, b] = await participants(2);
    const played = { round: 'round1', matchIndex: 2, team1Id: a!.id, team2Id: b!.id };
    await saveMatch({ ...played, score: '1:2', winnerId: b!.id });
    expect(await matchAt('round2', 1)).toMatchObject({ team1Id: b!.id });

    expect((await a!.client.delete('/me')).statusCode).toBe(200);

    expect(await matchAt('round1', 2)).toMatchObject({
      team1Id: null,
      team2Id: b!.id,
      score: null,
      winnerId: null,
    });
    expect((await matchAt('round2', 1))?.team1Id ?? null).toBeNull();
  });
});
