import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MatchValues } from '@devplay/shared';
import { makeUser } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { useDrawSession } from '../use-draw';
import { DrawPanel } from './draw-panel';

const fetchMock = stubFetch({ signedIn: true });

/** As the page holds it: the draw session above the panel. */
function Draw({ canEdit }: { canEdit: boolean }) {
  return <DrawPanel draw={useDrawSession()} canEdit={canEdit} />;
}

function serve(count: number) {
  const players = Array.from({ length: count }, (_, index) =>
    makeUser(index + 1, { username: `player${index + 1}` }),
  );
  routeFetch(fetchMock, {
    'GET /api/tournament-users': () => jsonResponse({ body: players }),
    'GET /api/tournament-matches': () => jsonResponse({ body: [] }),
    'POST /api/tournament-match': (init) =>
      jsonResponse({ body: { id: 1, ...JSON.parse(String(init?.body)) } }),
  });
}

describe('DrawPanel', () => {
  it("pairs everyone with 'Shuffle & Pair All' and an admin applies the pairs to round 1", async () => {
    serve(8);
    const user = userEvent.setup();
    renderWithApp(<Draw canEdit />);

    await user.click(await screen.findByRole('button', { name: 'Shuffle & Pair All' }));
    expect(screen.getByRole('heading', { name: 'Pairs (4)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pool (0 left)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Draw next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Apply to round 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply the pairs to round 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply to round 1' }));

    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST /api/tournament-match')).toHaveLength(4),
    );
    const sent = requestsTo(fetchMock, 'POST /api/tournament-match').map(
      ([, init]) => JSON.parse(String(init?.body)) as MatchValues,
    );
    expect(sent.map((match) => [match.round, match.matchIndex])).toEqual([
      ['round1', 0],
      ['round1', 1],
      ['round1', 2],
      ['round1', 3],
    ]);
    const everyone = sent.flatMap((match) => [match.team1Id, match.team2Id]);
    expect(new Set(everyone).size).toBe(8);
  });

  it('tells a member it is a practice draw, leaves an odd player over, offers no apply', async () => {
    serve(5);
    const user = userEvent.setup();
    renderWithApp(<Draw canEdit={false} />);
    expect(await screen.findByText(/^Practice draw: .*changes nothing/)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Shuffle & Pair All' }));

    expect(screen.getByRole('heading', { name: 'Pairs (2)' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/tournament-match')).toHaveLength(0);
    expect(
      within(screen.getByRole('group', { name: 'Current pair' })).getAllByText(/player\d/),
    ).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Apply to round 1' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('heading', { name: 'Pool (5 left)' })).toBeInTheDocument();
  });
});
