import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { makeMe } from '../../test/factories';
import { stubFetch } from '../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../test/render';
import { MiniProfile } from './mini-profile';

const fetchMock = stubFetch({ signedIn: true });

function renderCard(me = makeMe()) {
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ body: me })));
  const { queryClient } = renderWithApp(<MiniProfile />, { path: '/home_page' });
  queryClient.setQueryData(sessionKeys.me(), me);
}

describe('MiniProfile', () => {
  it("keeps SPEC §2's menu collapsed until opened, then lists its entries in order", async () => {
    const user = userEvent.setup();
    renderCard(makeMe({ unreadMessages: 2 }));
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Calendar/ })).not.toBeInTheDocument();

    await user.click(toggle);
    const card = screen.getByRole('region', { name: 'Your profile' });
    const entries = within(card)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
      .filter((text) => !/^\d/.test(text ?? ''));
    expect(entries).toEqual([
      expect.stringMatching(/^Messages/),
      'Calendar',
      'Tournament',
      'Transactions',
      'Settings',
      'Exit',
    ]);
  });

  it('adds Admin Panel for admins, and Exit asks before signing out', async () => {
    const user = userEvent.setup();
    renderCard(makeMe({ isAdmin: true }));
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(await screen.findByText('Are you sure you want to exit?')).toBeInTheDocument();
  });
});
