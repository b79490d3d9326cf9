import { MAP_POOL, TOURNAMENT_MESSAGES } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { useTournament } from '../../test/tournament';

const t = useTournament();
const { saveMatch, matchAt, newMap } = t;

describe('maps and match maps', () => {
  it('comes with the map pool of the rules, seeded by a migration', async () => {
    const pool = (await t.member.client.get('/maps')).json() as {
      name: string;
      description: string;
    }[];
    expect(pool.slice(0, MAP_POOL.length).map((m) => m.name)).toEqual([...MAP_POOL]);
    for (const map of pool) expect(map.description.length).toBeGreaterThan(0);
  });

  it('adds maps with unique names, whatever their case', async () => {
    const created = await t.admin.client.post('/maps', {
      name: '  Cache  ',
      description: 'Chernobyl',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      name: 'Cache',
      description: 'Chernobyl',
    });
    const twice = await t.admin.client.post('/maps', { name: 'cache', description: '' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: TOURNAMENT_MESSAGES.mapNameTaken,
      code: 'MAP_NAME_TAKEN',
      field: 'name',
    });
    expect((await t.admin.client.post('/maps', { name: 'inferno' })).statusCode).toBe(409);
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(51) }, {}]) {
      const response = await t.admin.client.post('/maps', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'name',
        message: TOURNAMENT_MESSAGES.mapName,
      });
    }
    const long = await t.admin.client.post('/maps', { name: 'Long', description: 'x'.repeat(501) });
    expect(long.json().field).toBe('description');
  });

  it('chooses up to 3 distinct maps per match, shown to everyone', async () => {
    await saveMatch({ round: 'round1', matchIndex: 0 });
    const matchId = (await matchAt('round1', 0))!.id;
    const [m1, m2] = [await newMap(), await newMap()];
    const saved = await t.admin.client.post('/match-maps', {
      matchId,
      map1: m1.id,
      map2: m2.id,
      map3: null,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ matchId, map1: m1.id, map2: m2.id, map3: null });
    expect((await t.member.client.get('/match-maps')).json()).toEqual([saved.json()]);

    // Saved whole: omitted slots are empty.
    const again = await t.admin.client.post('/match-maps', { matchId, map3: m1.id });
    expect(again.json()).toEqual({ matchId, map1: null, map2: null, map3: m1.id });

    const repeated = await t.admin.client.post('/match-maps', {
      matchId,
      map1: m1.id,
      map2: m1.id,
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toMatchObject({
      field: 'map2',
      message: TOURNAMENT_MESSAGES.mapsRepeat,
    });
    const unknownMap = await t.admin.client.post('/match-maps', { matchId, map3: 999_999 });
    expect(unknownMap.statusCode).toBe(400);
    expect(unknownMap.json()).toMatchObject({
      field: 'map3',
      message: TOURNAMENT_MESSAGES.mapNotFound,
    });
    const unknownMatch = await t.admin.client.post('/match-maps', {
      matchId: 999_999,
      map1: m1.id,
    });
    expect(unknownMatch.statusCode).toBe(400);
    expect(unknownMatch.json().field).toBe('matchId');
    const badId = await t.admin.client.post('/match-maps', { matchId, map1: 2_147_483_648 });
    expect(badId.json().field).toBe('map1');
  });

  it('refuses to delete a map a match uses (409) until it is removed from the match', async () => {
    await saveMatch({ round: 'round2', matchIndex: 1 });
    const matchId = (await matchAt('round2', 1))!.id;
    const map = await newMap();
    await t.admin.client.post('/match-maps', { matchId, map2: map.id });
    const refused = await t.admin.client.delete(`/maps/${map.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: TOURNAMENT_MESSAGES.mapInUse,
      code: 'MAP_IN_USE',
    });
    await t.admin.client.post('/match-maps', { matchId });
    const deleted = await t.admin.client.delete(`/maps/${map.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: TOURNAMENT_MESSAGES.mapDeleted });
    expect((await t.admin.client.delete(`/maps/${map.id}`)).statusCode).toBe(404);
  });
});
