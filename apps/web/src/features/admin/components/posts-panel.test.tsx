import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPost } from '@devplay/shared';
import { makeUser } from '../../../test/factories';
import { routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { PostsPanel } from './posts-panel';

const fetchMock = stubFetch({ signedIn: true });

const post = (id: number, likesCount: number, commentsCount: number): AdminPost => ({
  ...{ id, title: `Post ${id}`, createdAt: '2026-03-04T05:06:00.000Z' },
  ...{ author: makeUser(2, { username: 'bob' }), likesCount, commentsCount },
});

describe('PostsPanel', () => {
  it('counts likes and comments in the right number: 1 like, 0 and 2 comments', async () => {
    routeFetch(fetchMock, {
      'GET /api/admin/posts': () =>
        jsonResponse({ body: { items: [post(1, 1, 1), post(2, 0, 2)], nextCursor: null } }),
    });
    renderWithApp(<PostsPanel />);

    const [one, two] = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(one).toHaveTextContent('1 like · 1 comment');
    expect(one).not.toHaveTextContent(/likes|comments/);
    expect(two).toHaveTextContent('0 likes · 2 comments');
  });
});
