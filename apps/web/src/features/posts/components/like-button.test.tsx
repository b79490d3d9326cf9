import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { POST_MESSAGES } from '@devplay/shared';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { makeMe, makePost, makeUser } from '../../../test/factories';
import { deferred, requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { PostFeed } from './post-feed';

const fetchMock = stubFetch({ signedIn: true });

const feedWith = (post = makePost()) => ({
  'GET /api/me': () => jsonResponse({ body: makeMe() }),
  'GET /api/posts': () => jsonResponse({ body: { items: [post], nextCursor: null } }),
});

async function renderFeed() {
  const user = userEvent.setup();
  renderWithApp(<PostFeed />);
  const card = await screen.findByRole('article', { name: 'First match' });
  const heart = within(card).getByRole('button', { name: 'Like' });
  const count = within(card).getByRole('button', { name: /show who liked/ });
  return { user, card, heart, count };
}

describe('the like button (SPEC §4)', () => {
  it('turns on at once and counts the like before the server answers', async () => {
    const answer = deferred<Response>();
    routeFetch(fetchMock, { ...feedWith(), 'POST /api/like': () => answer.promise });
    const { user, heart, count } = await renderFeed();
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    await user.click(heart);

    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(count).toHaveTextContent('1');
    const [, init] = requestsTo(fetchMock, 'POST /api/like')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ post_id: 10 });

    await act(async () =>
      answer.resolve(jsonResponse({ body: { likesCount: 1, likedByMe: true } })),
    );
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(count).toHaveTextContent('1');
  });

  it('takes a like back with DELETE /like/:postId', async () => {
    routeFetch(fetchMock, {
      ...feedWith(makePost({ likedByMe: true, likesCount: 3 })),
      'DELETE /api/like/10': () => jsonResponse({ body: { likesCount: 2, likedByMe: false } }),
    });
    const { user, heart, count } = await renderFeed();

    await user.click(heart);

    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(count).toHaveTextContent('2');
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/like/10')).toHaveLength(1));
  });

  it('rolls back and says why when the server refuses', async () => {
    const answer = deferred<Response>();
    routeFetch(fetchMock, { ...feedWith(), 'POST /api/like': () => answer.promise });
    const { user, heart, count } = await renderFeed();

    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');

    await act(async () =>
      answer.resolve(
        jsonResponse({
          status: 403,
          body: { message: 'Please confirm your email.', code: 'EMAIL_NOT_VERIFIED' },
        }),
      ),
    );

    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(count).toHaveTextContent('0');
    expect(await screen.findByText('Please confirm your email.')).toBeInTheDocument();
  });
});

describe('the likers popup (SPEC §2)', () => {
  it("shows up to 5 avatars and '+N' for the rest, fetched only when opened", async () => {
    const likers = Array.from({ length: 5 }, (_, i) => ({ fromUser: makeUser(i + 3) }));
    routeFetch(fetchMock, {
      ...feedWith(makePost({ likesCount: 8 })),
      'GET /api/likes/10': () => jsonResponse({ body: { data: likers, total: 8 } }),
    });
    const { user, card, count } = await renderFeed();
    expect(requestsTo(fetchMock, 'GET /api/likes/10')).toHaveLength(0);

    await user.hover(count);

    const popup = await within(card).findByRole('group', { name: 'People who liked this post' });
    const links = await within(popup).findAllByRole('link');
    expect(links).toHaveLength(5);
    expect(links[0]).toHaveAttribute('href', '/user/user3');
    expect(within(popup).getByText('+3')).toBeInTheDocument();
    expect(String(requestsTo(fetchMock, 'GET /api/likes/10')[0]?.[0])).toContain('limit=5');

    await user.click(links[1]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/user/user4');
  });

  it("says 'No likes' when nobody liked the post, after 'Loading...'", async () => {
    const answer = deferred<Response>();
    routeFetch(fetchMock, { ...feedWith(), 'GET /api/likes/10': () => answer.promise });
    const { user, card, count } = await renderFeed();

    await user.hover(count);
    const popup = await within(card).findByRole('group', { name: 'People who liked this post' });
    expect(popup).toHaveTextContent(POST_MESSAGES.loading);

    await act(async () => answer.resolve(jsonResponse({ body: { data: [], total: 0 } })));
    expect(await within(popup).findByText(POST_MESSAGES.noLikes)).toBeInTheDocument();
    expect(within(popup).queryByRole('link')).not.toBeInTheDocument();
  });

  it("says 'Error loading likes' when the list cannot be loaded", async () => {
    routeFetch(fetchMock, {
      ...feedWith(),
      'GET /api/likes/10': () => jsonResponse({ status: 500, body: { message: 'Server error' } }),
    });
    const { user, card, count } = await renderFeed();

    count.focus();
    const popup = await within(card).findByRole('group', { name: 'People who liked this post' });
    expect(await within(popup).findByText(POST_MESSAGES.errorLoadingLikes)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(within(card).queryByRole('group')).not.toBeInTheDocument();
    expect(count).toHaveFocus();
  });
});
