import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOURNAMENT_MESSAGES, type Match } from '@devplay/shared';
import { makeUser } from '../../../test/factories';
import { MatchEditor } from './match-editor';

const players = [1, 2, 3].map((id) => makeUser(id, { username: `player${id}` }));
const played = (overrides: Partial<Match> = {}): Match => ({
  ...{ id: 1, round: 'round1', matchIndex: 0, team1Id: 1, team2Id: 2, score: null },
  ...{ matchDate: null, matchTime: null, winnerId: null },
  ...overrides,
});

function edit(match: Match) {
  const [onSave, onInvalid] = [vi.fn(), vi.fn()];
  render(
    <MatchEditor match={match} participants={players} onSave={onSave} onInvalid={onInvalid} />,
  );
  return { onSave, onInvalid, user: userEvent.setup() };
}

const winnerButton = (name: string) =>
  screen.getByRole('button', { name: `Winner: ${name}, Round 1 · Match 1` });

describe('MatchEditor', () => {
  it('offers no winner before there is a score, and says to enter it', () => {
    edit(played());
    expect(winnerButton('player1')).toBeDisabled();
    expect(winnerButton('player2')).toBeDisabled();
    expect(winnerButton('player1')).toHaveAccessibleDescription(
      'Enter the score to mark a winner.',
    );
  });

  it('builds the second side on the first while its save is still on its way', async () => {
    // The match is not updated: the first save has not come back when Enter is pressed.
    const { onSave, user } = edit(played());
    await user.type(
      screen.getByRole('textbox', { name: 'Score of player 1, Round 1 · Match 1' }),
      '2',
    );
    await user.click(screen.getByRole('textbox', { name: 'Score of player 2, Round 1 · Match 1' }));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ score: '2:0' }));
    await user.keyboard('1{Enter}');
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ score: '2:1' }));
  });

  it('offers the winner mark to the player ahead only, and none on a tie', () => {
    edit(played({ score: '1:2' }));
    expect(winnerButton('player1')).toBeDisabled();
    expect(winnerButton('player2')).toBeEnabled();
  });

  it('takes the score and the winner along when a player is taken out or replaced', async () => {
    const { onSave, user } = edit(played({ score: '2:1', winnerId: 1 }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Player 2, Round 1 · Match 1' }),
      'To be decided',
    );
    expect(onSave).toHaveBeenLastCalledWith(
      expect.objectContaining({ team1Id: 1, team2Id: null, score: null, winnerId: null }),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Player 1, Round 1 · Match 1' }),
      'player3',
    );
    expect(onSave).toHaveBeenLastCalledWith(
      expect.objectContaining({ team1Id: 3, team2Id: 2, score: null, winnerId: null }),
    );
  });

  it('keeps the score and the winner when a player fills an empty slot', async () => {
    const { onSave, user } = edit(played({ team2Id: null, score: '2:0', winnerId: 1 }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Player 2, Round 1 · Match 1' }),
      'player2',
    );
    expect(onSave).toHaveBeenLastCalledWith(
      expect.objectContaining({ team2Id: 2, score: '2:0', winnerId: 1 }),
    );
  });

  it('shows the date and time as the site writes them, and reads them typed that way', async () => {
    const { onSave, user } = edit(played({ matchDate: '2026-12-04', matchTime: '20:00' }));
    const date = screen.getByRole('textbox', { name: 'Date, Round 1 · Match 1' });
    const time = screen.getByRole('textbox', { name: 'Time, Round 1 · Match 1' });
    expect(date).toHaveValue('04.12.2026');
    expect(time).toHaveValue('20:00');

    await user.clear(date);
    await user.type(date, '5.1.2027{Enter}');
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ matchDate: '2027-01-05' }));
    await user.clear(time);
    await user.type(time, '18.30');
    await user.tab();
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ matchTime: '18:30' }));
    await user.clear(time);
    await user.tab();
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ matchTime: null }));
  });

  it('sends the date just typed with the time typed after it, before the match comes back', async () => {
    const { onSave, user } = edit(played());
    await user.type(screen.getByRole('textbox', { name: 'Date, Round 1 · Match 1' }), '4.12.2027');
    await user.type(
      screen.getByRole('textbox', { name: 'Time, Round 1 · Match 1' }),
      '20.00{Enter}',
    );
    expect(onSave).toHaveBeenLastCalledWith(
      expect.objectContaining({ matchDate: '2027-12-04', matchTime: '20:00' }),
    );
  });

  it.each([
    ['Date', '31.02.2026', TOURNAMENT_MESSAGES.dateFormat],
    ['Date', '2026-12-04', TOURNAMENT_MESSAGES.dateFormat],
    ['Time', '24:00', TOURNAMENT_MESSAGES.timeFormat],
    ['Time', '8 pm', TOURNAMENT_MESSAGES.timeFormat],
  ])(
    'refuses the %s %s, saves nothing and shows the saved value again',
    async (field, text, message) => {
      const { onSave, onInvalid, user } = edit(
        played({ matchDate: '2026-12-04', matchTime: '20:00' }),
      );
      const box = screen.getByRole('textbox', { name: `${field}, Round 1 · Match 1` });
      await user.clear(box);
      await user.type(box, `${text}{Enter}`);
      expect(onInvalid).toHaveBeenCalledWith(message);
      expect(onSave).not.toHaveBeenCalled();
      expect(box).toHaveValue(field === 'Date' ? '04.12.2026' : '20:00');
    },
  );
});
