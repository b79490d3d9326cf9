import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/toast-provider';
import { sessionKeys } from '../../lib/session';
import { makeMe, makeUser } from '../../test/factories';
import { stubFetch } from '../../test/fetch-mock';
import { LocationProbe } from '../../test/location-probe';
import { fakeMatchMedia } from '../../test/match-media';
import { jsonResponse } from '../../test/render';
import { FollowersPage, UserFollowersPage, UserFollowingPage } from './follow-pages';
import { FollowStats } from './follow-stats';

const fetchMock = stubFetch({ signedIn: true });
const me = makeMe({ username: 'ada' });
const person = (id: number) => makeUser(id);

function serve() {
  fetchMock.mockImplementation((input) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname === '/api/me') return Promise.resolve(jsonResponse({ body: me }));
    if (pathname === '/api/users') return Promise.resolve(jsonResponse({ body: [person(9)] }));
    if (pathname === '/api/followers/bob') {
      const items = [1, 2, 3, 4, 5, 6, 7].map(person);
      return Promise.resolve(jsonResponse({ body: { items, nextCursor: null } }));
    }
    return Promise.resolve(jsonResponse({ body: { items: [], nextCursor: null } }));
  });
}

function open(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.me(), me);
  const router = createMemoryRouter(
    [
      { path: '/followers', element: <FollowersPage /> },
      { path: '/user/:username/followers', element: <UserFollowersPage /> },
      { path: '/user/:username/following', element: <UserFollowingPage /> },
      {
        path: '/stats',
        element: (
          <FollowStats
            user={{ username: 'bob', posts_count: 0, followersCount: 7, followingsCount: 0 }}
            own={false}
          />
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe("another member's lists", () => {
  it('lists who follows them, named after them, with the way back to their profile', async () => {
    fakeMatchMedia(false);
    serve();
    open('/user/bob/followers');

    expect(await screen.findByRole('heading', { name: 'Subscribers of @bob' })).toBeVisible();
    expect(await screen.findByText('User 7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@bob' })).toHaveAttribute('href', '/user/bob');
  });

  it("says 'No subscriptions' rather than the member's own empty text", async () => {
    fakeMatchMedia(false);
    serve();
    open('/user/bob/following');
    expect(await screen.findByText('No subscriptions')).toBeInTheDocument();
  });

  it('sends the member to /followers for their own name', async () => {
    fakeMatchMedia(false);
    serve();
    open('/user/Ada/followers');
    expect(await screen.findByRole('heading', { name: 'Subscribers' })).toBeInTheDocument();
  });

  it.each([
    ['desktop', false],
    ['phone', true],
  ])("shows 'Users to follow' once on /followers (%s)", async (_name, phone) => {
    fakeMatchMedia(phone);
    serve();
    open('/followers');
    expect(await screen.findByRole('heading', { name: 'Users to follow' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Users to follow' })).toHaveLength(1);
  });
});

describe("another member's chips", () => {
  it("lead to their lists, and the popup's '+N' too", async () => {
    fakeMatchMedia(false);
    serve();
    const user = userEvent.setup();
    const router = open('/stats');

    const subscribers = await screen.findByRole('link', { name: /Subscribers?$/ });
    expect(subscribers).toHaveAttribute('href', '/user/bob/followers');
    expect(screen.getByRole('link', { name: /Subscriptions?$/ })).toHaveAttribute(
      'href',
      '/user/bob/following',
    );

    subscribers.focus();
    const popup = await screen.findByRole('group', { name: 'Subscribers' });
    const more = await within(popup).findByRole('link', { name: /and \d+ more/ });
    await user.click(more);
    expect(router.state.location.pathname).toBe('/user/bob/followers');
  });
});
