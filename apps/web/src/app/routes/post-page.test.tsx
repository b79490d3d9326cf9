import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../../components/toast-provider';
import { emitLive, openLive } from '../../test/live-mock';
import { makeMe, makePost, makeUser } from '../../test/factories';
import { routeFetch, stubFetch } from '../../test/fetch-mock';
import { jsonResponse, testQueryClient } from '../../test/render';
import { PostPage } from './post-page';

vi.mock('../../lib/use-live', () => import('../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });
const carol = makeUser(3, { username: 'carol', fullName: 'Carol Danvers' });
const comment = {
  id: 5,
  postId: 10,
  userId: 3,
  text: 'Inferno was close indeed',
  createdAt: '2026-03-04T06:00:00.000Z',
  author: carol,
};

/** Opens /post/`id`; `post` answers each read of the post, `thread` each read of its comments. */
function openPost(id: string, post: () => Response, thread = () => [comment]) {
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe() }),
    [`GET /api/post/${id}`]: post,
    'GET /api/likes/10': () => jsonResponse({ body: { data: [{ fromUser: carol }], total: 1 } }),
    'GET /api/comments/10': () => jsonResponse({ body: { items: thread(), nextCursor: null } }),
    'GET /api/users': () => jsonResponse({ body: [] }),
  });
  const router = createMemoryRouter([{ path: '/post/:id', element: <PostPage /> }], {
    initialEntries: [`/post/${id}`],
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('the post page', () => {
  it('shows the post with its likers and its comments open, and follows live counts', async () => {
    openPost('10', () => jsonResponse({ body: makePost({ likesCount: 1, commentsCount: 1 }) }));

    const article = await screen.findByRole('article', { name: 'First match' });
    expect(within(article).getByRole('heading', { level: 1 })).toHaveTextContent('First match');
    expect(await within(article).findByText('Inferno was close indeed')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Comments (1)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const likes = screen.getByRole('region', { name: 'Likes (1)' });
    expect(await within(likes).findByRole('link', { name: /Carol Danvers/ })).toHaveAttribute(
      'href',
      '/user/carol',
    );

    await emitLive({ type: 'post:counts', data: [{ id: 10, likesCount: 4, commentsCount: 1 }] });
    expect(screen.getByRole('region', { name: 'Likes (4)' })).toBeInTheDocument();
  });

  it('appends a comment another member writes while the page is open, once its count arrives', async () => {
    const later = {
      ...comment,
      id: 6,
      text: 'Mirage next time?',
      createdAt: '2026-03-04T07:00:00.000Z',
    };
    let thread = [comment];
    openPost(
      '10',
      () => jsonResponse({ body: makePost({ commentsCount: 1 }) }),
      () => thread,
    );
    const article = await screen.findByRole('article', { name: 'First match' });
    await within(article).findByText('Inferno was close indeed');

    thread = [comment, later];
    await emitLive({ type: 'post:counts', data: [{ id: 10, likesCount: 1, commentsCount: 2 }] });
    const list = await within(article).findByRole('list');
    await within(list).findByText('Mirage next time?');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Inferno was close indeed'),
      expect.stringContaining('Mirage next time?'),
    ]);
    expect(within(article).getByRole('button', { name: 'Comments (2)' })).toBeInTheDocument();
  });

  it('is read again when the socket opens: a like before it reached no listener', async () => {
    let likesCount = 1;
    openPost('10', () => jsonResponse({ body: makePost({ likesCount }) }));
    expect(await screen.findByRole('region', { name: 'Likes (1)' })).toBeInTheDocument();

    likesCount = 2;
    await openLive();
    expect(await screen.findByRole('region', { name: 'Likes (2)' })).toBeInTheDocument();
  });

  it.each([
    ['an unknown post', '99', jsonResponse({ status: 404, body: { message: 'Post not found' } })],
    ['an address that names no post', 'abc', jsonResponse({ status: 599 })],
  ])('shows the not-found page for %s', async (_, id, answer) => {
    openPost(id, () => answer);
    expect(
      await screen.findByRole('heading', { name: 'Sorry! Page not found' }),
    ).toBeInTheDocument();
  });

  it("says 'Error loading posts' when the post could not be read, and Try again shows it", async () => {
    let answers = 0;
    openPost('10', () =>
      answers++ === 0
        ? jsonResponse({ status: 500, body: { message: 'Internal server error' } })
        : jsonResponse({ body: makePost() }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading posts');

    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('article', { name: makePost().title })).toBeInTheDocument();
    expect(screen.queryByText('Error loading posts')).not.toBeInTheDocument();
  });
});
