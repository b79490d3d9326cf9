import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../../components/toast-provider';
import { LocationProbe } from '../../test/location-probe';
import { makeMe, makeProfile } from '../../test/factories';
import { jsonResponse } from '../../test/render';
import { UserPage } from './user-page';
import { stubFetch } from '../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: true });

const me = makeMe({ followingsCount: 1 });
const bob = makeProfile({ followersCount: 1, isFollowing: true });

function serve(profile: Response) {
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/me') return Promise.resolve(jsonResponse({ body: me }));
    if (url.pathname.startsWith('/api/user/')) return Promise.resolve(profile.clone());
    if (url.pathname === '/api/users') return Promise.resolve(jsonResponse({ body: [] }));
    if (url.pathname === '/api/followings/ada') {
      return Promise.resolve(jsonResponse({ body: { items: [bob], nextCursor: null } }));
    }
    return Promise.resolve(jsonResponse({ body: { items: [], nextCursor: null } }));
  });
}

function openProfile(username: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/user/:username', element: <UserPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [`/user/${username}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('/user/:username', () => {
  it("shows the member's age with its status and 'No information' for an empty bio", async () => {
    serve(jsonResponse({ body: bob }));
    openProfile('bob');

    expect(await screen.findByRole('heading', { name: 'Bob Builder' })).toBeInTheDocument();
    expect(screen.getByText('@bob')).toBeInTheDocument();
    expect(screen.getByText('You can be proud of yourself!')).toBeInTheDocument();
    expect(screen.getByText('Bio').nextElementSibling).toHaveTextContent('No information');
    expect(await screen.findByText('The user has no posts yet.')).toBeInTheDocument();
  });

  it("offers Unsubscribe, the 'You are subscribed' marker and Write a message", async () => {
    serve(jsonResponse({ body: bob }));
    openProfile('bob');

    expect(await screen.findByRole('button', { name: /Unsubscribe/ })).toBeInTheDocument();
    expect(screen.getByText('You are subscribed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write a message' })).toHaveAttribute(
      'href',
      '/message/2',
    );
    expect(screen.getByRole('link', { name: '1 Subscriber' })).toHaveAttribute(
      'href',
      '/user/bob/followers',
    );
    expect(screen.getByRole('link', { name: '0 Subscriptions' })).toHaveAttribute(
      'href',
      '/user/bob/following',
    );
  });

  it('says when the member takes no messages or money from the viewer, instead of the buttons', async () => {
    serve(jsonResponse({ body: { ...bob, canMessage: false, canSendMoney: false } }));
    openProfile('bob');

    expect(
      await screen.findByText('This member does not accept messages from you.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This member does not accept money from you.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Write a message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send money' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Unsubscribe/ })).toBeInTheDocument();
  });

  it('offers Send money where the member takes it, leading to the transfer form', async () => {
    serve(jsonResponse({ body: { ...bob, canMessage: false } }));
    openProfile('bob');

    const pay = await screen.findByRole('link', { name: 'Send money' });
    expect(screen.queryByText('This member does not accept money from you.')).toBeNull();
    await userEvent.click(pay);
    expect(await screen.findByTestId('location')).toHaveTextContent('/transactions');
  });

  it("says 'User not found' for an unknown member", async () => {
    serve(jsonResponse({ status: 404, body: { message: 'User not found', code: 'NOT_FOUND' } }));
    openProfile('nobody');

    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  });

  it("says 'Error loading profile' for any other failure", async () => {
    serve(new Response('', { status: 500 }));
    openProfile('bob');

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading profile');
  });

  it('sends the member to /profile for their own name', async () => {
    serve(jsonResponse({ body: { ...bob, isMe: true } }));
    openProfile('ADA');

    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
  });
});
