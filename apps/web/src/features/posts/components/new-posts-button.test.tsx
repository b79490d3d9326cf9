import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '@devplay/shared';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { makeMe, makePost } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { emitLive, openLive } from '../../../test/live-mock';
import { postKeys } from '../post-keys';
import { HomeFeed } from './home-feed';

vi.mock('../../../lib/use-live', () => import('../../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });
const scrollTo = vi.fn();
beforeEach(() => vi.stubGlobal('scrollTo', scrollTo));
afterEach(() => scrollTo.mockReset());

const older = makePost({ id: 10, title: 'First match' });
const newer = [12, 11].map((id) => makePost({ id, title: `Post ${id}` }));

/** The server's feed: `posts.current` is what the next GET /posts answers. */
function serveFeed(posts: { current: Post[] }) {
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe() }),
    'GET /api/posts': () => jsonResponse({ body: { items: posts.current, nextCursor: null } }),
  });
}
const feedRequests = () => requestsTo(fetchMock, 'GET /api/posts').length;
const titles = () =>
  screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

describe('the "N new posts" button', () => {
  it('counts new posts without moving the feed, and shows them at the top on click', async () => {
    const posts = { current: [older] };
    serveFeed(posts);
    const user = userEvent.setup();
    renderWithApp(<HomeFeed />);
    await screen.findByRole('article', { name: 'First match' });
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();

    posts.current = [...newer, older];
    await emitLive({ type: 'feed:new', data: { feed: 'all', newest: 11 } });
    expect(screen.getByRole('button', { name: '1 new post' })).toBeInTheDocument();
    // A followed author's post is in All as well.
    await emitLive({ type: 'feed:new', data: { feed: 'following', newest: 12 } });
    expect(screen.getByRole('button', { name: '2 new posts' })).toBeInTheDocument();
    expect(titles()).toEqual(['First match']);
    expect(feedRequests()).toBe(1);

    await user.click(screen.getByRole('button', { name: '2 new posts' }));
    await waitFor(() => expect(titles()).toEqual(['Post 12', 'Post 11', 'First match']));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
    // The titles lead to the posts' pages.
    expect(screen.getByRole('link', { name: 'Post 12' })).toHaveAttribute('href', '/post/12');
  });

  it('on Following, counts only posts by people followed', async () => {
    serveFeed({ current: [older] });
    const user = userEvent.setup();
    renderWithApp(<HomeFeed />);
    await user.click(await screen.findByRole('tab', { name: 'Following' }));
    await screen.findByRole('article', { name: 'First match' });

    await emitLive({ type: 'feed:new', data: { feed: 'all', newest: 11 } });
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
    await emitLive({ type: 'feed:new', data: { feed: 'following', newest: 12 } });
    expect(screen.getByRole('button', { name: '1 new post' })).toBeInTheDocument();
  });

  it('leaves the feed on show as it is when the socket opens, to be read when shown again', async () => {
    const posts = { current: [older] };
    serveFeed(posts);
    const { queryClient } = renderWithApp(<HomeFeed />);
    await screen.findByRole('article', { name: 'First match' });

    posts.current = [...newer, older];
    await openLive();
    expect(queryClient.getQueryState(postKeys.feed({ feed: 'all' }))?.isInvalidated).toBe(true);
    expect(feedRequests()).toBe(1);
    expect(titles()).toEqual(['First match']);
  });

  it('no longer counts posts the feed already shows', async () => {
    serveFeed({ current: [...newer, older] });
    renderWithApp(<HomeFeed />);
    await screen.findByRole('article', { name: 'Post 12' });

    await emitLive({ type: 'feed:new', data: { feed: 'all', newest: 12 } });
    expect(screen.queryByRole('button', { name: /new post/ })).not.toBeInTheDocument();
  });
});

describe('live counts in the feed', () => {
  it("take the like and comment counts others' clicks left", async () => {
    serveFeed({ current: [older] });
    renderWithApp(<HomeFeed />);
    const article = await screen.findByRole('article', { name: 'First match' });

    await emitLive({ type: 'post:counts', data: [{ id: 10, likesCount: 5, commentsCount: 2 }] });
    expect(within(article).getByRole('button', { name: /^5 likes/ })).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Comments (2)' })).toBeInTheDocument();
  });
});
