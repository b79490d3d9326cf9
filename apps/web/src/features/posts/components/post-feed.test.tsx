import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { POST_MESSAGES } from '@devplay/shared';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { makeMe, makePost } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { HomeFeed } from './home-feed';
import { PostFeed } from './post-feed';

const fetchMock = stubFetch({ signedIn: true });
const me = () => jsonResponse({ body: makeMe() });

const postUrls = () => requestsTo(fetchMock, 'GET /api/posts').map(([url]) => String(url));

describe('PostFeed', () => {
  it('shows the empty text when there are no posts', async () => {
    routeFetch(fetchMock, {
      'GET /api/me': me,
      'GET /api/posts': () => jsonResponse({ body: { items: [], nextCursor: null } }),
    });
    renderWithApp(<PostFeed userId={7} emptyText={POST_MESSAGES.userHasNoPosts} />);

    expect(await screen.findByText(POST_MESSAGES.userHasNoPosts)).toBeInTheDocument();
    expect(postUrls()[0]).toContain('user_id=7');
  });

  it("says 'Error loading posts' and loads again on retry", async () => {
    let fail = true;
    routeFetch(fetchMock, {
      'GET /api/me': me,
      'GET /api/posts': () =>
        fail
          ? jsonResponse({ status: 400, body: { message: 'nope' } })
          : jsonResponse({ body: { items: [makePost()], nextCursor: null } }),
    });
    const user = userEvent.setup();
    renderWithApp(<PostFeed />);

    expect(await screen.findByText(POST_MESSAGES.errorLoadingPosts)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('article', { name: 'First match' })).toBeInTheDocument();
    expect(screen.queryByText(POST_MESSAGES.errorLoadingPosts)).not.toBeInTheDocument();
  });

  it("pages on with the next cursor from 'Load more'", async () => {
    routeFetch(fetchMock, {
      'GET /api/me': me,
      'GET /api/posts': (_init, url) =>
        jsonResponse({
          body: url.includes('cursor=p2')
            ? { items: [makePost({ id: 2, title: 'Older' })], nextCursor: null }
            : { items: [makePost({ id: 3, title: 'Newer' })], nextCursor: 'p2' },
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<PostFeed />);
    await screen.findByRole('article', { name: 'Newer' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('article', { name: 'Older' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('PostFeed on the first screen', () => {
  const five = [1, 2, 3, 4, 5].map((id) =>
    makePost({ id, title: `Post ${id}`, image: `/uploads/p${id}-1200x800.webp` }),
  );

  it('slips the interlude in after the third post', async () => {
    routeFetch(fetchMock, {
      'GET /api/me': me,
      'GET /api/posts': () => jsonResponse({ body: { items: five, nextCursor: null } }),
    });
    renderWithApp(
      <PostFeed interlude={{ after: 3, content: <aside aria-label="Users to follow" /> }} />,
    );
    await screen.findByRole('article', { name: 'Post 5' });

    const order = [...document.querySelectorAll('article, aside')].map(
      (node) => node.getAttribute('aria-label') ?? node.querySelector('h2')?.textContent,
    );
    expect(order).toEqual(['Post 1', 'Post 2', 'Post 3', 'Users to follow', 'Post 4', 'Post 5']);
  });

  it('draws the first posts at once and never shows the interlude before the posts above it', async () => {
    routeFetch(fetchMock, {
      'GET /api/me': me,
      'GET /api/posts': () => jsonResponse({ body: { items: five, nextCursor: null } }),
    });
    const seen: number[] = [];
    const observer = new MutationObserver(() => {
      const aside = document.querySelector('aside');
      if (aside) seen.push(document.querySelectorAll('article').length);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderWithApp(
      <PostFeed interlude={{ after: 3, content: <aside aria-label="Users to follow" /> }} />,
    );
    await screen.findByRole('article', { name: 'Post 5' });
    observer.disconnect();

    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(3);
  });

  it('puts the interlude after the last post when there are fewer', async () => {
    routeFetch(fetchMock, {
      'GET /api/me': me,
      'GET /api/posts': () => jsonResponse({ body: { items: [], nextCursor: null } }),
    });
    renderWithApp(
      <PostFeed emptyText="Nothing" interlude={{ after: 3, content: <aside aria-label="X" /> }} />,
    );
    expect(await screen.findByText('Nothing')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'X' })).toBeInTheDocument();
  });

  it('loads the first picture at once with high priority and the others lazily', async () => {
    routeFetch(fetchMock, {
      'GET /api/me': me,
      'GET /api/posts': () => jsonResponse({ body: { items: five, nextCursor: null } }),
    });
    renderWithApp(<PostFeed />);
    await screen.findByRole('article', { name: 'Post 1' });

    const [first, ...rest] = screen.getAllByRole('img', { name: /^Image for/ });
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).not.toHaveAttribute('loading');
    for (const image of rest) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).not.toHaveAttribute('fetchpriority');
    }
  });
});

describe('HomeFeed', () => {
  it('offers all posts when the Following feed is empty', async () => {
    localStorage.setItem('homeFeed', 'following');
    routeFetch(fetchMock, {
      'GET /api/me': me,
      'GET /api/posts': (_init, url) =>
        jsonResponse({
          body: { items: url.includes('feed=all') ? [makePost()] : [], nextCursor: null },
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<HomeFeed />);

    expect(await screen.findByText(/Subscribe to people to see their posts/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'see all posts' }));

    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    expect(await screen.findByRole('article', { name: 'First match' })).toBeInTheDocument();
  });

  it('switches between All and Following and remembers the choice', async () => {
    routeFetch(fetchMock, {
      'GET /api/me': me,
      'GET /api/posts': () => jsonResponse({ body: { items: [], nextCursor: null } }),
    });
    const user = userEvent.setup();
    const first = renderWithApp(<HomeFeed />);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(postUrls()[0]).toContain('feed=all'));

    await user.click(screen.getByRole('tab', { name: 'Following' }));

    expect(screen.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(postUrls().at(-1)).toContain('feed=following'));
    first.unmount();

    renderWithApp(<HomeFeed />);
    expect(screen.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
  });
});
