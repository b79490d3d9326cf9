import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FollowState, UserSummary } from '@devplay/shared';
import { bob, makeMe } from '../../../test/factories';
import { deferred, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { FollowButton } from './follow-button';

const fetchMock = stubFetch({ signedIn: true });

const me = makeMe();

/** Answers /me and the own followings; `onFollow` decides what POST /follow|/unfollow gets. */
function serve(following: UserSummary[], onFollow: (path: string) => Promise<Response>) {
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    if (url === '/api/me') return Promise.resolve(jsonResponse({ body: me }));
    if (url.startsWith('/api/followings/ada')) {
      return Promise.resolve(jsonResponse({ body: { items: following, nextCursor: null } }));
    }
    if (url === '/api/follow' || url === '/api/unfollow') return onFollow(url);
    return Promise.resolve(jsonResponse({ body: {} }));
  });
}

const iconOf = (button: HTMLElement) => button.querySelector('svg')?.getAttribute('class') ?? '';

describe('FollowButton', () => {
  it('shows plus, then the hourglass while subscribing, then the tick', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    serve([], () => answer.promise);
    renderWithApp(<FollowButton user={bob} />);

    const button = await screen.findByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(iconOf(button)).toContain('lucide-plus'));

    await user.click(button);
    expect(iconOf(button)).toContain('lucide-hourglass');
    expect(button).toHaveAttribute('aria-busy', 'true');
    const state: FollowState = { isFollowing: true, followersCount: 1 };
    answer.resolve(jsonResponse({ body: state }));

    const following = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(iconOf(following)).toContain('lucide-check');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/follow');
    expect(call?.[1]?.body).toBe('{"username":"bob"}');
  });

  it("rolls back to plus and says 'Error while subscribing' when the server refuses", async () => {
    const user = userEvent.setup();
    serve([], () => Promise.resolve(new Response('', { status: 500 })));
    renderWithApp(<FollowButton user={bob} />);

    const button = await screen.findByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(iconOf(button)).toContain('lucide-plus'));
    await user.click(button);

    expect(await screen.findByText('Error while subscribing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBe(button);
    expect(iconOf(button)).toContain('lucide-plus');
  });

  it("keeps the tick and says 'Error while unsubscribing' when unsubscribing fails", async () => {
    const user = userEvent.setup();
    serve([bob], () => Promise.reject(new TypeError('Failed to fetch')));
    renderWithApp(<FollowButton user={bob} />);

    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(iconOf(button)).toContain('lucide-check');
    await user.click(button);

    expect(await screen.findByText('Error while unsubscribing')).toBeInTheDocument();
    expect(iconOf(screen.getByRole('button', { name: 'Unsubscribe' }))).toContain('lucide-check');
  });

  it('is not shown for oneself', async () => {
    serve([], () => Promise.resolve(jsonResponse({ body: {} })));
    renderWithApp(
      <>
        <FollowButton user={{ id: me.id, username: me.username }} />
        <FollowButton user={bob} />
      </>,
    );

    // Once Bob's button is there the session has loaded; one's own never appears.
    await screen.findByRole('button', { name: 'Subscribe' });
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});
