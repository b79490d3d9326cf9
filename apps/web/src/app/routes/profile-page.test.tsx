import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '@devplay/shared';
import { ToastProvider } from '../../components/toast-provider';
import { clearToken, setToken } from '../../lib/token-store';
import { jsonResponse } from '../../test/render';
import { ProfilePage } from './profile-page';

const fetchMock = vi.fn<typeof fetch>();

const me: Me = {
  id: 1,
  username: 'ada',
  fullName: 'Ada Lovelace',
  avatar: null,
  email: 'ada@example.com',
  age: 25,
  bio: 'Poet of numbers',
  balance: 0,
  isVerified: true,
  isAdmin: false,
  posts_count: 3,
  followersCount: 2,
  followingsCount: 1,
  unreadMessages: 0,
};

function openProfile(url: string) {
  fetchMock.mockImplementation((input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/me') return Promise.resolve(jsonResponse({ body: me }));
    if (path === '/api/users') return Promise.resolve(jsonResponse({ body: [] }));
    return Promise.resolve(jsonResponse({ body: { items: [], nextCursor: null } }));
  });
  const router = createMemoryRouter([{ path: '/profile', element: <ProfilePage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setToken('token-a');
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  clearToken();
});

describe('/profile', () => {
  it('opens on My Posts, with the own empty text', async () => {
    openProfile('/profile');

    const tab = await screen.findByRole('tab', { name: 'My Posts' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'My Posts' })).toBeInTheDocument();
    expect(await screen.findByText('You have no posts yet.')).toBeInTheDocument();
  });

  it('keeps the tab in ?tab=, so a reload opens AboutMe again', async () => {
    openProfile('/profile?tab=about');

    const panel = await screen.findByRole('tabpanel', { name: 'AboutMe' });
    expect(panel).toHaveTextContent("You're young - everything is ahead!");
    expect(panel).toHaveTextContent('Poet of numbers');
    expect(panel).toHaveTextContent('ada@example.com');
  });

  it('moves between tabs with the arrow keys and writes the choice to the URL', async () => {
    const user = userEvent.setup();
    const router = openProfile('/profile');
    await user.click(await screen.findByRole('tab', { name: 'My Posts' }));

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'AboutMe' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=about');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'New Post' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=new-post');
  });
});
