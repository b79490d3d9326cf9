import { TOURNAMENT_MESSAGES, type Match } from '@devplay/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../test/factories';
import { useTournament } from '../../test/tournament';

const t = useTournament();
const { participants, saveMatch, matches, matchAt } = t;

describe('bracket input', () => {
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    [a, b] = [await createMember(t.ctx), await createMember(t.ctx)];
  });
  beforeEach(() => t.enter(a, b));

  it.each([
    [{ round: 'semifinal', matchIndex: 0 }, 'round'],
    [{ round: 'round1', matchIndex: 4 }, 'matchIndex'],
    [{ round: 'round2', matchIndex: 2 }, 'matchIndex'],
    [{ round: 'final', matchIndex: 1 }, 'matchIndex'],
    [{ round: 'round1', matchIndex: -1 }, 'matchIndex'],
    [{ round: 'round1', matchIndex: 1.5 }, 'matchIndex'],
    [{ round: 'round1', matchIndex: '0' }, 'matchIndex'],
    [{ round: 'round1' }, 'matchIndex'],
    [{ round: 'round1', matchIndex: 0, team1Id: 2_147_483_648 }, 'team1Id'],
    [{ round: 'round1', matchIndex: 0, score: '100:1' }, 'score'],
    [{ round: 'round1', matchIndex: 0, score: '1-0' }, 'score'],
    [{ round: 'round1', matchIndex: 0, score: '1:2:3' }, 'score'],
    [{ round: 'round1', matchIndex: 0, score: '-1:2' }, 'score'],
    [{ round: 'round1', matchIndex: 0, matchDate: '2027-02-30' }, 'matchDate'],
    [{ round: 'round1', matchIndex: 0, matchDate: '1999-05-05' }, 'matchDate'],
    [{ round: 'round1', matchIndex: 0, matchTime: '24:00' }, 'matchTime'],
    [{ round: 'round1', matchIndex: 0, matchTime: '9:30' }, 'matchTime'],
  ])('refuses %j naming %s', async (body, field) => {
    const response = await saveMatch(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('refuses a player against themself, and non-participants', async () => {
    const same = await saveMatch({ round: 'round1', matchIndex: 0, team1Id: a.id, team2Id: a.id });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      field: 'team2Id',
      message: TOURNAMENT_MESSAGES.samePlayers,
    });
    const outsider = await createMember(t.ctx);
    for (const [body, field] of [
      [{ team1Id: outsider.id, team2Id: b.id }, 'team1Id'],
      [{ team1Id: a.id, team2Id: outsider.id }, 'team2Id'],
      [{ team1Id: a.id, team2Id: 999_999 }, 'team2Id'],
    ] as const) {
      const response = await saveMatch({ round: 'round1', matchIndex: 0, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field,
        message: TOURNAMENT_MESSAGES.playerNotParticipant,
      });
    }
    expect(await matches()).toEqual([]);
  });

  it('refuses a winner who is not one of the two players', async () => {
    const [c] = await participants(1);
    for (const winnerId of [c!.id, 999_999]) {
      const response = await saveMatch({
        ...{ round: 'round1', matchIndex: 0, team1Id: a.id, team2Id: b.id, winnerId },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'winnerId',
        message: TOURNAMENT_MESSAGES.winnerNotPlayer,
      });
    }
    const alone = await saveMatch({
      round: 'round1',
      matchIndex: 0,
      team1Id: a.id,
      winnerId: b.id,
    });
    expect(alone.json().field).toBe('winnerId');
  });

  it('refuses a score that disagrees with the winner, and a winner on a tie', async () => {
    const base = { round: 'round1', matchIndex: 0, team1Id: a.id, team2Id: b.id };
    const lower = await saveMatch({ ...base, winnerId: a.id, score: '1:2' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json()).toMatchObject({
      field: 'score',
      message: TOURNAMENT_MESSAGES.scoreDisagrees,
    });
    const tie = await saveMatch({ ...base, winnerId: b.id, score: '3:3' });
    expect(tie.statusCode).toBe(400);
    expect(tie.json()).toMatchObject({
      field: 'winnerId',
      message: TOURNAMENT_MESSAGES.tieHasNoWinner,
    });
    expect((await saveMatch({ ...base, score: '3:3' })).statusCode).toBe(200);
    expect((await saveMatch({ ...base, winnerId: b.id, score: '0:16' })).statusCode).toBe(200);
    expect((await saveMatch({ ...base, winnerId: a.id, score: '99:0' })).statusCode).toBe(200);
  });

  it('saves a match whole (upsert by round and index), with normalised score, date and time', async () => {
    const first = await saveMatch({
      round: 'round1',
      matchIndex: 1,
      team1Id: a.id,
      team2Id: b.id,
      score: '07:3',
      matchDate: '2028-02-29',
      matchTime: '18:30',
      winnerId: a.id,
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json() as Match;
    expect(saved).toEqual({
      id: expect.any(Number),
      round: 'round1',
      matchIndex: 1,
      team1Id: a.id,
      team2Id: b.id,
      score: '7:3',
      matchDate: '2028-02-29',
      matchTime: '18:30',
      winnerId: a.id,
    });
    const second = await saveMatch({ round: 'round1', matchIndex: 1, team1Id: b.id, score: '' });
    expect(second.json()).toEqual({
      ...saved,
      team1Id: b.id,
      team2Id: null,
      score: null,
      matchDate: null,
      matchTime: null,
      winnerId: null,
    });
    expect(await matchAt('round1', 1)).toEqual(second.json());
  });

  it('deletes one match by round and index, 404 when there is none', async () => {
    await saveMatch({ round: 'final', matchIndex: 0, team1Id: a.id });
    const deleted = await t.admin.client.delete('/tournament-match/final/0');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: TOURNAMENT_MESSAGES.matchDeleted });
    expect(await matches()).toEqual([]);
    const again = await t.admin.client.delete('/tournament-match/final/0');
    expect(again.statusCode).toBe(404);
    for (const [path, field] of [
      ['/tournament-match/final/1', 'index'],
      ['/tournament-match/round2/2', 'index'],
      ['/tournament-match/round1/4', 'index'],
      ['/tournament-match/round1/x', 'index'],
      ['/tournament-match/semi/0', 'round'],
    ]) {
      const response = await t.admin.client.delete(path!);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });
});
