import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { makeMe } from '../../test/factories';
import { stubFetch } from '../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../test/render';
import { TopNav } from './top-nav';

vi.mock('../../lib/use-live', () => import('../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });

/**
 * The drawer is a lazy chunk: it mounts after its import resolves, outside the click's act(), so
 * the effect that moves focus in may run a moment after the dialog is in the document.
 */
async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  const opener = await screen.findByRole('button', { name: 'Menu' });
  await user.click(opener);
  const drawer = await screen.findByRole('dialog', { name: 'Menu' });
  await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
  return { opener, drawer };
}

function renderHeader(me = makeMe()) {
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ body: me })));
  const view = renderWithApp(<TopNav />, { path: '/home_page' });
  view.queryClient.setQueryData(sessionKeys.me(), me);
  return view;
}

describe('TopNav', () => {
  it('shows Settings and Exit in the bar and links the avatar to the profile (SPEC §2)', async () => {
    renderHeader(makeMe({ fullName: 'Ada Lovelace', username: 'ada' }));

    expect(await screen.findByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('button', { name: 'Exit' })).toBeInTheDocument();
  });

  it('keeps the member and the theme in the small account menu', async () => {
    const user = userEvent.setup();
    renderHeader(makeMe({ fullName: 'Ada Lovelace', username: 'ada' }));

    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);

    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Ada Lovelace')).toBeVisible();
    const theme = screen.getByRole('group', { name: 'Theme' });
    await user.click(within(theme).getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    await user.click(within(theme).getByRole('radio', { name: 'System' }));

    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('Exit in the bar asks before signing out', async () => {
    const user = userEvent.setup();
    renderHeader();

    await user.click(await screen.findByRole('button', { name: 'Exit' }));

    expect(
      await screen.findByRole('dialog', { name: 'Are you sure you want to exit?' }),
    ).toBeInTheDocument();
  });

  it('the phone drawer is a modal: it holds the menu, Escape closes it, focus returns', async () => {
    const user = userEvent.setup();
    renderHeader(makeMe({ isAdmin: true, unreadMessages: 3 }));

    const { opener, drawer } = await openDrawer(user);

    expect(drawer).toHaveAttribute('aria-modal', 'true');
    const names = within(drawer)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(
      expect.arrayContaining([
        'Home',
        'Subscribers',
        'Subscriptions',
        expect.stringMatching(/^Messages/),
        expect.stringMatching(/^Notifications/),
        'Calendar',
        'Tournament',
        'Transactions',
        'Admin Panel',
        'Settings',
        'Terms',
      ]),
    );
    expect(within(drawer).getByRole('button', { name: 'Exit' })).toBeInTheDocument();
    expect(within(drawer).getByRole('group', { name: 'Theme' })).toBeInTheDocument();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('rings the bell with the unread notifications, on desktops and phones alike', async () => {
    renderHeader(makeMe({ unreadNotifications: 3 }));

    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    // Not inside the part the phone layout hides, where the account menu is.
    const hiddenOnPhones = '[class*="desktopOnly"]';
    expect(
      screen.getByRole('button', { name: 'Account menu' }).closest(hiddenOnPhones),
    ).not.toBeNull();
    expect(bell.closest(hiddenOnPhones)).toBeNull();
  });

  it('keeps Tab inside the open drawer, coming round to where it started', async () => {
    const user = userEvent.setup({ delay: null });
    renderHeader();
    const { drawer } = await openDrawer(user);

    // Once round the drawer's stops and back to the first, never leaving it on the way.
    await user.tab();
    const start = document.activeElement;
    for (let stops = 0; stops < 30; stops++) {
      await user.tab();
      expect(drawer.contains(document.activeElement)).toBe(true);
      if (document.activeElement === start) break;
    }
    expect(document.activeElement).toBe(start);
  });

  it('shows an unconfirmed member only the logo, going nowhere, and Exit', async () => {
    renderHeader(makeMe({ isVerified: false }));

    // The full bar shows until the profile arrives; then only the logo and Exit stay.
    await waitFor(() => expect(screen.queryAllByRole('link')).toHaveLength(0));
    expect(screen.getByRole('button', { name: 'Exit' })).toBeInTheDocument();
    expect(screen.getByText('Dev')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
