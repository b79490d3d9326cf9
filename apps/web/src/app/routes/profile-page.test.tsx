import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../../components/toast-provider';
import { makeMe } from '../../test/factories';
import { jsonResponse } from '../../test/render';
import { ProfilePage } from './profile-page';
import { stubFetch } from '../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: true });

const me = makeMe({
  age: 25,
  bio: 'Poet of numbers',
  posts_count: 3,
  followersCount: 2,
  followingsCount: 1,
});

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

describe('/profile', () => {
  it('opens on My Posts, with the own empty text', async () => {
    openProfile('/profile');

    const tab = await screen.findByRole('tab', { name: 'My Posts' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'My Posts' })).toBeInTheDocument();
    expect(await screen.findByText('You have no posts yet.')).toBeInTheDocument();
  });

  it('links Edit profile to the settings', async () => {
    openProfile('/profile');

    expect(await screen.findByRole('link', { name: 'Edit profile' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 Subscribers' })).toHaveAttribute(
      'href',
      '/followers',
    );
    expect(screen.getByRole('link', { name: '1 Subscription' })).toHaveAttribute(
      'href',
      '/following',
    );
  });

  it("offers 'Write your first post' when there is none, which opens New Post", async () => {
    const user = userEvent.setup();
    const router = openProfile('/profile');

    await user.click(await screen.findByRole('button', { name: 'Write your first post' }));

    expect(screen.getByRole('tab', { name: 'New Post' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=new-post');
    expect(screen.getByLabelText('Title')).toBeInTheDocument();
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
