import { describe, expect, it } from 'vitest';
import { useAdminPanel } from '../../test/admin-panel';
import { createMember } from '../../test/factories';

const t = useAdminPanel(['auditor@admin.example']);

describe('the audit log of the tournament', () => {
  it('records tournament changes, and nothing for refused ones', async () => {
    const [a, b] = [await createMember(t.ctx), await createMember(t.ctx)];
    const addA = await t.recorded(() => t.admin.client.post('/tournament-users', { userId: a.id }));
    expect(addA).toMatchObject({
      action: 'participant.add',
      targetType: 'participant',
      targetId: String(a.id),
      summary: `Added ${a.username} to the tournament`,
    });
    await t.recorded(() => t.admin.client.post('/tournament-users', { userId: b.id }));
    await t.notRecorded(409, () => t.admin.client.post('/tournament-users', { userId: b.id }));

    const match = {
      round: 'round1',
      matchIndex: 0,
      team1Id: a.id,
      team2Id: b.id,
      score: '2:1',
      winnerId: a.id,
      matchDate: '2030-05-01',
      matchTime: '18:00',
    };
    const saved = await t.recorded(() => t.admin.client.post('/tournament-match', match));
    expect(saved).toMatchObject({
      action: 'match.save',
      targetType: 'match',
      targetId: 'round1/0',
      summary: `Saved round1 match 1: ${a.username} vs ${b.username}, 2:1, winner ${a.username}, 2030-05-01 18:00`,
    });
    await t.notRecorded(400, () =>
      t.admin.client.post('/tournament-match', { ...match, winnerId: b.id }),
    );
    await t.notRecorded(409, () => t.admin.client.delete(`/tournament-users/${a.id}`));

    const matchId = (await t.admin.client.get('/tournament-matches')).json()[0].id;
    const nuke = (await t.admin.client.get('/maps'))
      .json()
      .find((m: { name: string }) => m.name === 'Nuke');
    const maps = await t.recorded(() =>
      t.admin.client.post('/match-maps', { matchId, map1: nuke.id, map2: null, map3: null }),
    );
    expect(maps).toMatchObject({
      action: 'match-maps.save',
      summary: 'Maps of round1 match 1: Nuke, —, —',
    });
    await t.notRecorded(400, () =>
      t.admin.client.post('/match-maps', { matchId, map1: 2147483647, map2: null, map3: null }),
    );

    const deleted = await t.recorded(() => t.admin.client.delete('/tournament-match/round1/0'));
    expect(deleted).toMatchObject({ action: 'match.delete', targetId: 'round1/0' });
    await t.notRecorded(404, () => t.admin.client.delete('/tournament-match/round1/0'));

    await t.recorded(() => t.admin.client.post('/tournament-match', match));
    const reset = await t.recorded(() => t.admin.client.delete('/tournament-matches'));
    expect(reset).toMatchObject({
      action: 'bracket.reset',
      targetType: 'bracket',
      targetId: null,
      summary: 'Reset the bracket: 2 matches deleted', // the match and the winner's next one
    });
    await t.notRecorded(200, () => t.admin.client.delete('/tournament-matches'));

    const removed = await t.recorded(() => t.admin.client.delete(`/tournament-users/${a.id}`));
    expect(removed).toMatchObject({
      action: 'participant.remove',
      summary: `Removed ${a.username} from the tournament`,
    });
    await t.notRecorded(404, () => t.admin.client.delete(`/tournament-users/${a.id}`));
  });
});
