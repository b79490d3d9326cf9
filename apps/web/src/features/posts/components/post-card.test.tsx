import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Comment } from '@devplay/shared';
import { formatDateTime } from '../../../lib/format-date-time';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { makeMe, makePost, makeUser } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { PostFeed } from './post-feed';

const fetchMock = stubFetch({ signedIn: true });
const me = makeMe();

const bob = makeUser(2, { username: 'bob', fullName: 'Bob Gamer' });
const comment = (id: number, author = bob, text = `Comment ${id}`): Comment => ({
  id,
  postId: 10,
  userId: author.id,
  text,
  createdAt: '2026-03-04T06:00:00.000Z',
  editedAt: null,
  author,
});

function serve(posts = [makePost()], extra: Parameters<typeof routeFetch>[1] = {}) {
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: me }),
    'GET /api/posts': () => jsonResponse({ body: { items: posts, nextCursor: null } }),
    ...extra,
  });
}

async function renderCard(name = 'First match') {
  const user = userEvent.setup();
  renderWithApp(<PostFeed />);
  const card = await screen.findByRole('article', { name });
  return { user, card };
}

describe('the post card', () => {
  it('shows title, description with its line breaks, author link and day.month.year time', async () => {
    const post = makePost({ author: bob });
    serve([post]);
    const { card } = await renderCard();

    expect(within(card).getByText(/Three maps\.\s+Inferno was close\./).textContent).toBe(
      post.description,
    );
    expect(within(card).getByRole('link', { name: /Bob Gamer/ })).toHaveAttribute(
      'href',
      '/user/bob',
    );
    const time = within(card).getByText(formatDateTime(post.createdAt));
    expect(time.textContent).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(time).toHaveAttribute('datetime', post.createdAt);
  });

  it('offers DELETE only on my own posts, asks first, then drops the post from the feed', async () => {
    const mine = makePost({ id: 11, title: 'My post', author: makeUser(1, { username: 'ada' }) });
    serve([mine, makePost()], {
      'DELETE /api/post/11': () => jsonResponse({ body: { message: 'Post deleted' } }),
    });
    const { user, card: other } = await renderCard();
    const own = screen.getByRole('article', { name: 'My post' });
    await waitFor(() =>
      expect(within(own).getByRole('button', { name: /Delete post/ })).toBeInTheDocument(),
    );
    expect(within(other).queryByRole('button', { name: /Delete post/ })).not.toBeInTheDocument();

    await user.click(within(own).getByRole('button', { name: /Delete post/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    expect(requestsTo(fetchMock, 'DELETE /api/post/11')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'My post' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'First match' })).toBeInTheDocument();
  });
});

describe('the comments section', () => {
  it('stays collapsed and unloaded until opened, then lists comments oldest first', async () => {
    serve([makePost({ commentsCount: 2 })], {
      'GET /api/comments/10': () =>
        jsonResponse({ body: { items: [comment(1), comment(2)], nextCursor: null } }),
    });
    const { user, card } = await renderCard();
    const toggle = within(card).getByRole('button', { name: 'Comments (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(requestsTo(fetchMock, 'GET /api/comments/10')).toHaveLength(0);

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Comment/).textContent)).toEqual([
      'Comment 1',
      'Comment 2',
    ]);
  });

  it("loads older pages with 'Load more'", async () => {
    serve([makePost({ commentsCount: 2 })], {
      'GET /api/comments/10': (_init, url) =>
        jsonResponse({
          body: url.includes('cursor=c1')
            ? { items: [comment(2)], nextCursor: null }
            : { items: [comment(1)], nextCursor: 'c1' },
        }),
    });
    const { user, card } = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Comments (2)' }));
    await within(card).findByText('Comment 1');

    await user.click(within(card).getByRole('button', { name: 'Load more' }));

    expect(await within(card).findByText('Comment 2')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('ignores blank text, sends a real comment and counts it', async () => {
    serve([makePost()], {
      'GET /api/comments/10': () => jsonResponse({ body: { items: [], nextCursor: null } }),
      'POST /api/comment': () =>
        jsonResponse({ status: 201, body: comment(5, makeUser(1, { username: 'ada' }), 'GG') }),
    });
    const { user, card } = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Comments (0)' }));
    const input = await within(card).findByLabelText('Write a comment');

    await user.type(input, '   ');
    await user.click(within(card).getByRole('button', { name: 'Send comment' }));
    expect(requestsTo(fetchMock, 'POST /api/comment')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '  GG  ');
    await user.click(within(card).getByRole('button', { name: 'Send comment' }));

    expect(await within(card).findByText('GG')).toBeInTheDocument();
    const [, init] = requestsTo(fetchMock, 'POST /api/comment')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ postId: 10, text: 'GG' });
    expect(input).toHaveValue('');
    expect(within(card).getByRole('button', { name: 'Comments (1)' })).toBeInTheDocument();
  });

  it("shows each comment under its author's full name and @username", async () => {
    serve([makePost({ commentsCount: 1 })], {
      'GET /api/comments/10': () =>
        jsonResponse({ body: { items: [comment(1)], nextCursor: null } }),
    });
    const { user, card } = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Comments (1)' }));

    const item = await within(card).findByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Bob Gamer' })).toHaveAttribute(
      'href',
      '/user/bob',
    );
    expect(within(item).getByText('@bob')).toBeInTheDocument();
  });

  it('offers delete only on my own comments, asks first, then removes it', async () => {
    serve([makePost({ commentsCount: 2 })], {
      'GET /api/comments/10': () =>
        jsonResponse({
          body: {
            items: [comment(1), comment(2, makeUser(1, { username: 'ada' }))],
            nextCursor: null,
          },
        }),
      'DELETE /api/comment/2': () => jsonResponse({ body: { message: 'Comment deleted' } }),
    });
    const { user, card } = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Comments (2)' }));
    await within(card).findByText('Comment 2');
    await waitFor(() =>
      expect(within(card).getAllByRole('button', { name: 'Delete comment' })).toHaveLength(1),
    );
    const [theirs, mine] = within(card).getAllByRole('listitem');
    expect(within(theirs!).queryByRole('button', { name: 'Delete comment' })).toBeNull();

    // Cancel keeps it and asks the server nothing.
    await user.click(within(mine!).getByRole('button', { name: 'Delete comment' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(card).getByText('Comment 2')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /api/comment/2')).toHaveLength(0);

    await user.click(within(mine!).getByRole('button', { name: 'Delete comment' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this comment?' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    await waitFor(() => expect(within(card).queryByText('Comment 2')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'DELETE /api/comment/2')).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'Comments (1)' })).toBeInTheDocument();
  });
});
