import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { setToken } from '../../lib/token-store';
import { makeMe } from '../../test/factories';
import { stubFetch } from '../../test/fetch-mock';
import { LocationProbe } from '../../test/location-probe';
import { paths } from '../../lib/paths';
import { RequireAuth } from './require-auth';

const fetchMock = stubFetch({ signedIn: false });

function renderGuarded(me: ReturnType<typeof makeMe> | undefined, asked: string = paths.home) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (me) queryClient.setQueryData(sessionKeys.me(), me);
  // A profile that never arrives, for the test of the page rendering while it loads.
  fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
  const router = createMemoryRouter(
    [
      {
        Component: RequireAuth,
        children: [
          { path: paths.home, element: <p>Home page</p> },
          { path: '/message/:userId', element: <p>Chat</p> },
        ],
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [asked] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('RequireAuth', () => {
  it('sends a visitor without a session to the welcome screen', async () => {
    renderGuarded(undefined);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('remembers the page a visitor asked for, so sign-in can return to it', async () => {
    const router = renderGuarded(undefined, '/message/4?from=mail');
    await screen.findByTestId('location');
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/message/4?from=mail')}`,
    );
  });

  it('sends a member whose e-mail is not confirmed to the code form, whatever was asked for', async () => {
    setToken('token-a');
    renderGuarded(makeMe({ isVerified: false }));
    expect(await screen.findByTestId('location')).toHaveTextContent(paths.confirmEmail);
  });

  it('shows the page to a confirmed member', () => {
    setToken('token-a');
    renderGuarded(makeMe());
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('renders the page while the profile is still loading, so its data loads alongside', () => {
    setToken('token-a');
    renderGuarded(undefined);
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });
});
