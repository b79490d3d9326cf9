import { ERROR_CODES, TOURNAMENT_LIMITS, TOURNAMENT_MESSAGES } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { useTournament } from '../../test/tournament';

const t = useTournament();
const { participants, saveMatch, matches } = t;

/** Saves at once (several rounds, as one may not overlap) must not seat one player twice. */
const ROUNDS = 5;

const busy = (field: string) => ({
  message: TOURNAMENT_MESSAGES.playerBusyInRound,
  code: ERROR_CODES.playerBusyInRound,
  field,
});

describe('one match per player and round', () => {
  it('refuses a player already in another round-1 match (409), keeping the bracket as it was', async () => {
    const [a, b, c] = await participants(3);
    await saveMatch({ round: 'round1', matchIndex: 0, team1Id: a!.id, team2Id: b!.id });
    const before = await matches();
    for (const [body, field] of [
      [{ team1Id: c!.id, team2Id: a!.id }, 'team2Id'],
      [{ team1Id: b!.id, team2Id: c!.id }, 'team1Id'],
    ] as const) {
      const response = await saveMatch({ round: 'round1', matchIndex: 3, ...body });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(busy(field));
    }
    expect(await matches()).toEqual(before);
    // The same match saved again is no second match.
    const again = { round: 'round1', matchIndex: 0, team1Id: b!.id, team2Id: a!.id };
    expect((await saveMatch(again)).statusCode).toBe(200);
  });

  it('refuses a winner moving on into a round where they already play', async () => {
    const [a, b, c] = await participants(3);
    await saveMatch({ round: 'round2', matchIndex: 1, team1Id: a!.id, team2Id: c!.id });
    const before = await matches();
    const result = { round: 'round1', matchIndex: 0, team1Id: a!.id, team2Id: b!.id };
    const response = await saveMatch({ ...result, score: '2:0', winnerId: a!.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(busy('winnerId'));
    expect(await matches()).toEqual(before);
  });

  it('lets one of two saves at once seat a player, never both', async () => {
    const [a, b, c] = await participants(3);
    for (let round = 0; round < ROUNDS; round++) {
      const first = round % 4;
      const second = (first + 1) % 4;
      const statuses = (
        await Promise.all([
          saveMatch({ round: 'round1', matchIndex: first, team1Id: a!.id, team2Id: b!.id }),
          saveMatch({ round: 'round1', matchIndex: second, team1Id: c!.id, team2Id: a!.id }),
        ])
      ).map((response) => response.statusCode);
      expect(statuses.sort()).toEqual([200, 409]);
      const seats = (await matches()).flatMap((m) => [m.team1Id, m.team2Id]);
      expect(seats.filter((id) => id === a!.id)).toHaveLength(1);
      expect((await t.admin.client.delete('/tournament-matches')).statusCode).toBe(200);
    }
  });
});

describe('eight participants', () => {
  const add = (userId: number) => t.admin.client.post('/tournament-users', { userId });
  const seated = async () => ((await t.member.client.get('/tournament-users')).json() as []).length;

  it('seats one of two added at once for the last seat', async () => {
    const members = [];
    for (let i = 0; i <= TOURNAMENT_LIMITS.participantsMax; i++) {
      members.push(await createMember(t.ctx));
    }
    const [one, two] = members.slice(-2);
    for (let round = 0; round < ROUNDS; round++) {
      await t.enter(...members.slice(0, -2));
      const statuses = (await Promise.all([add(one!.id), add(two!.id)])).map((r) => r.statusCode);
      expect(statuses.sort()).toEqual([201, 409]);
      expect(await seated()).toBe(TOURNAMENT_LIMITS.participantsMax);
      await t.clear();
    }
  });

  it('refuses a ninth with a clear 409, and one already in still hears so', async () => {
    await participants(TOURNAMENT_LIMITS.participantsMax);
    const ninth = await add((await createMember(t.ctx)).id);
    expect(ninth.statusCode).toBe(409);
    expect(ninth.json()).toEqual({
      message: TOURNAMENT_MESSAGES.tournamentFull,
      code: ERROR_CODES.tournamentFull,
      field: 'userId',
    });
    const [first] = (await t.member.client.get('/tournament-users')).json() as { id: number }[];
    expect((await add(first!.id)).json().code).toBe(ERROR_CODES.participantExists);
    expect(await seated()).toBe(TOURNAMENT_LIMITS.participantsMax);
  });
});
