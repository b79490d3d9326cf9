import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { caughtUp, connectLive, eventually } from '../../test/live-client';
import { useTournament } from '../../test/tournament';

const t = useTournament();
const { participants, saveMatch, matchAt } = t;

describe('live updates', () => {
  it('tells every signed-in member tournament:changed after each change', async () => {
    const watcher = await connectLive(t.ctx.app, t.member.token);
    const other = await connectLive(t.ctx.app, (await createMember(t.ctx)).token);
    try {
      const count = () => watcher.of('tournament:changed').length;
      const [player] = await participants(1);
      await eventually(() => count() === 1 && other.of('tournament:changed').length === 1);
      expect(watcher.of('tournament:changed')[0]).toEqual({
        type: 'tournament:changed',
        data: null,
      });

      await saveMatch({ round: 'round1', matchIndex: 0, team1Id: player!.id });
      await eventually(() => count() === 2);
      const matchId = (await matchAt('round1', 0))!.id;
      await t.admin.client.post('/match-maps', { matchId, map1: null });
      await eventually(() => count() === 3);
      await t.admin.client.delete('/tournament-match/round1/0');
      await eventually(() => count() === 4);
      await t.admin.client.delete('/tournament-matches');
      await eventually(() => count() === 5);
      await t.admin.client.delete(`/tournament-users/${player!.id}`);
      await eventually(() => count() === 6);
      // A refused change changes nothing and announces nothing.
      await t.member.client.post('/tournament-users', { userId: t.member.id });
      await caughtUp(t.ctx.app, watcher, t.member.id);
      expect(count()).toBe(6);
    } finally {
      watcher.close();
      other.close();
    }
  });
});
