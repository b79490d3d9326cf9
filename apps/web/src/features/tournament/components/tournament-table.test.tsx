import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOURNAMENT_MESSAGES, type Match, type MatchValues } from '@devplay/shared';
import { makeMe, makeUser } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { emitLive, openLive } from '../../../test/live-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { TournamentTable } from './tournament-table';
import { useTournamentLive } from '../api';

vi.mock('../../../lib/use-live', () => import('../../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });
const players = [1, 2, 3, 4].map((id) => makeUser(id, { username: `player${id}` }));

const match = (overrides: Partial<Match>): Match => ({
  id: 1,
  round: 'round1',
  matchIndex: 0,
  team1Id: 1,
  team2Id: 2,
  score: null,
  matchDate: '2027-03-12',
  matchTime: '18:30',
  winnerId: null,
  ...overrides,
});

/** A server holding `matches`; a POST saves the match and moves its winner on, as the real one. */
function serve(
  initial: Match[],
  {
    isAdmin = false,
    refuse,
    failFirst = false,
  }: { isAdmin?: boolean; refuse?: string; failFirst?: boolean } = {},
) {
  let matches = [...initial];
  let failing = failFirst;
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe({ isAdmin }) }),
    'GET /api/tournament-users': () => jsonResponse({ body: players }),
    'GET /api/tournament-matches': () => {
      if (!failing) return jsonResponse({ body: matches });
      failing = false;
      return jsonResponse({ status: 500, body: { message: 'Internal server error' } });
    },
    'POST /api/tournament-match': (init) => {
      if (refuse)
        return jsonResponse({ status: 400, body: { message: refuse, code: 'VALIDATION' } });
      const input = JSON.parse(String(init?.body)) as MatchValues;
      const saved = { ...match({}), ...input, id: 1 };
      matches = [saved, ...matches.filter((entry) => entry.id !== 1)];
      if (input.winnerId) {
        matches.push(
          match({
            id: 5,
            round: 'round2',
            matchIndex: 0,
            team1Id: input.winnerId,
            team2Id: null,
            matchDate: null,
            matchTime: null,
          }),
        );
      }
      return jsonResponse({ body: saved });
    },
  });
  return { set: (next: Match[]) => (matches = next) };
}

function LiveTable({ canEdit }: { canEdit: boolean }) {
  useTournamentLive();
  return <TournamentTable canEdit={canEdit} />;
}

const posted = () =>
  requestsTo(fetchMock, 'POST /api/tournament-match').map(
    ([, init]) => JSON.parse(String(init?.body)) as MatchValues,
  );

describe('TournamentTable', () => {
  it('draws 4 + 2 + 1 matches; members read them with dates and times as text, nothing to edit', async () => {
    serve([match({ score: '2:1', winnerId: 1 })]);
    renderWithApp(<TournamentTable canEdit={false} />);

    const first = await screen.findByRole('article', { name: 'Round 1 · Match 1' });
    expect(screen.getAllByRole('article')).toHaveLength(7);
    expect(screen.getByRole('article', { name: 'Round 2 · Match 2' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Final' })).toBeInTheDocument();
    expect(first).toHaveTextContent('12.03.2027 18:30');
    expect(first).toHaveTextContent('Score 2:1');
    expect(within(first).getByText('winner').closest('li')).toHaveTextContent('player1');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Bracket' })).not.toBeInTheDocument();
    // Its sideways scroll is reachable by keyboard, though no match card takes focus.
    expect(screen.getByRole('region', { name: 'Bracket, scrolls sideways' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it("says the bracket could not load in the app's words, and Try again brings it", async () => {
    serve([match({})], { failFirst: true });
    const user = userEvent.setup();
    renderWithApp(<TournamentTable canEdit={false} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading the bracket');
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Round 1 · Match 1' })).toBeInTheDocument();
  });

  it.each([
    ['on tournament:changed', () => emitLive({ type: 'tournament:changed', data: null })],
    // A result set before the socket opened, or while it was down, reached no listener.
    ['when the socket opens', openLive],
  ])('refreshes %s without a reload', async (_, news) => {
    const server = serve([match({})]);
    renderWithApp(<LiveTable canEdit={false} />);
    const first = await screen.findByRole('article', { name: 'Round 1 · Match 1' });
    expect(first).toHaveTextContent('Score –');

    server.set([match({ score: '2:0', winnerId: 2 })]);
    await news();

    await waitFor(() => expect(first).toHaveTextContent('Score 2:0'));
  });

  it("saves an admin's score and winner at once, whole match, and shows the winner moved on", async () => {
    serve([match({})], { isAdmin: true });
    const user = userEvent.setup();
    renderWithApp(<TournamentTable canEdit />);

    const a = await screen.findByRole('textbox', { name: 'Score of player 1, Round 1 · Match 1' });
    // Its own fields take focus: no extra stop on the way to them.
    expect(screen.queryByRole('region', { name: 'Bracket, scrolls sideways' })).toBeNull();
    await user.type(a, '2');
    await user.type(
      screen.getByRole('textbox', { name: 'Score of player 2, Round 1 · Match 1' }),
      '1{Enter}',
    );
    await user.click(screen.getByRole('button', { name: 'Winner: player1, Round 1 · Match 1' }));

    await waitFor(() => expect(posted()).toHaveLength(3));
    expect(posted()[2]).toEqual({
      round: 'round1',
      matchIndex: 0,
      team1Id: 1,
      team2Id: 2,
      score: '2:1',
      matchDate: '2027-03-12',
      matchTime: '18:30',
      winnerId: 1,
    });
    expect(
      screen.getByRole('button', { name: 'Winner: player1, Round 1 · Match 1' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Player 1, Round 2 · Match 1' })).toHaveValue(
        '1',
      ),
    );
  });

  it("puts the match back and says the server's message when a change is refused", async () => {
    serve([match({ score: '2:0' })], {
      isAdmin: true,
      refuse: TOURNAMENT_MESSAGES.playerBusyInRound,
    });
    const user = userEvent.setup();
    renderWithApp(<TournamentTable canEdit />);

    const winner = await screen.findByRole('button', {
      name: 'Winner: player1, Round 1 · Match 1',
    });
    await user.click(winner);

    expect(await screen.findByText(TOURNAMENT_MESSAGES.playerBusyInRound)).toBeInTheDocument();
    expect(winner).toHaveAttribute('aria-pressed', 'false');
  });

  it('refuses a side above 99 without asking the server', async () => {
    serve([match({})], { isAdmin: true });
    const user = userEvent.setup();
    renderWithApp(<TournamentTable canEdit />);

    const side = await screen.findByRole('textbox', {
      name: 'Score of player 1, Round 1 · Match 1',
    });
    await user.type(side, 'x{Enter}');

    expect(await screen.findByText(TOURNAMENT_MESSAGES.scoreFormat)).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
    expect(side).toHaveValue('');
  });

  it("asks before 'Reset Bracket' and deletes all matches when confirmed", async () => {
    serve([match({})], { isAdmin: true });
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      init?.method === 'DELETE'
        ? Promise.resolve(jsonResponse({ body: { message: TOURNAMENT_MESSAGES.bracketReset } }))
        : base(input, init),
    );
    const user = userEvent.setup();
    renderWithApp(<TournamentTable canEdit />);

    await user.click(await screen.findByRole('button', { name: 'Reset Bracket' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the bracket?' });
    expect(requestsTo(fetchMock, 'DELETE /api/tournament-matches')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reset Bracket' }));

    await waitFor(() =>
      expect(requestsTo(fetchMock, 'DELETE /api/tournament-matches')).toHaveLength(1),
    );
  });
});
