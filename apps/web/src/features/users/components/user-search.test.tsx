import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserSummary } from '@devplay/shared';
import { bob, makeUser } from '../../../test/factories';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { UserSearch } from './user-search';
import { stubFetch } from '../../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: true });
const bea = makeUser(3, { username: 'bea', fullName: 'Bea Arthur' });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

function setup(results: UserSummary[]) {
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ body: results })));
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithApp(
    <>
      <UserSearch />
      <button type="button">elsewhere</button>
    </>,
  );
  const box = screen.getByRole('combobox', { name: 'Search users' });
  return { user, box };
}

describe('UserSearch', () => {
  it('asks once the typing pauses, with the text as a prefix query', async () => {
    const { user, box } = setup([bob, bea]);
    await user.type(box, 'b');

    expect(fetchMock).not.toHaveBeenCalled();
    expect(await screen.findByRole('option', { name: /Bob Builder/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users?query=b&limit=8');
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('hides the results 200 ms after the box loses focus, not before', async () => {
    const { user, box } = setup([bob]);
    await user.type(box, 'bo');
    await screen.findByRole('option', { name: /Bob Builder/ });

    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('listbox')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(60));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it("says 'No users found' when nobody matches", async () => {
    const { user, box } = setup([]);
    await user.type(box, 'zzz');

    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('moves through the results with the arrows and opens one with Enter', async () => {
    const { user, box } = setup([bob, bea]);
    await user.type(box, 'b');
    await screen.findByRole('option', { name: /Bob Builder/ });

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const option = screen.getByRole('option', { name: /Bea Arthur/ });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', option.id);

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/user/bea');
    expect(box).toHaveValue('');
  });

  it('opens a profile on click', async () => {
    const { user, box } = setup([bob]);
    await user.type(box, 'bob');
    await user.click(await screen.findByRole('option', { name: /Bob Builder/ }));

    expect(screen.getByTestId('location')).toHaveTextContent('/user/bob');
  });

  it('closes with Escape, then clears with a second Escape', async () => {
    const { user, box } = setup([bob]);
    await user.type(box, 'bob');
    await screen.findByRole('option', { name: /Bob Builder/ });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });
});
