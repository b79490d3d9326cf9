import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserSummary } from '@devplay/shared';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { FollowList } from './follow-list';
import { stubFetch } from '../../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: true });
const person = (id: number): UserSummary => ({
  id,
  username: `user${id}`,
  fullName: `User ${id}`,
  avatar: null,
});

/** `pages` answers /followers|/followings/ada by cursor; everything else gets an empty body. */
function serve(pages: Record<string, { items: UserSummary[]; nextCursor: string | null }>) {
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    if (/^\/api\/follow(er|ing)s\/ada$/.test(url.pathname)) {
      const page = pages[url.searchParams.get('cursor') ?? ''];
      return Promise.resolve(
        page ? jsonResponse({ body: page }) : new Response('', { status: 500 }),
      );
    }
    return Promise.resolve(jsonResponse({ body: {} }));
  });
}

describe('FollowList', () => {
  it("/followers with nobody says 'You don't have any subscribers yet.'", async () => {
    serve({ '': { items: [], nextCursor: null } });
    renderWithApp(<FollowList direction="followers" username="ada" />);

    expect(screen.getByText('Loading subscriptions...')).toHaveAttribute('role', 'status');
    expect(await screen.findByText("You don't have any subscribers yet.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subscribers' })).toBeInTheDocument();
  });

  it("/following with nobody says 'You are not subscribed to anyone yet.'", async () => {
    serve({ '': { items: [], nextCursor: null } });
    renderWithApp(<FollowList direction="followings" username="ada" />);

    expect(await screen.findByText('You are not subscribed to anyone yet.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/followings/ada')),
    ).toBe(true);
  });

  it('says which list failed to load', async () => {
    serve({});
    renderWithApp(<FollowList direction="followings" username="ada" />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading subscriptions');
  });

  it('links each person to their profile and loads the next page on Load more', async () => {
    const user = userEvent.setup();
    serve({
      '': { items: [person(2), person(3)], nextCursor: 'c1' },
      c1: { items: [person(4)], nextCursor: null },
    });
    renderWithApp(<FollowList direction="followers" username="ada" />);

    expect(await screen.findByRole('link', { name: /User 2/ })).toHaveAttribute(
      'href',
      '/user/user2',
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: /User 4/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
