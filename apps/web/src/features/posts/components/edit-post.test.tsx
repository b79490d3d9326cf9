import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { POST_MESSAGES, type Comment } from '@devplay/shared';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { makeMe, makePost, makeUser } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { PostFeed } from './post-feed';

const fetchMock = stubFetch({ signedIn: true });
const ada = makeUser(1, { username: 'ada', fullName: 'Ada Lovelace' });
const bob = makeUser(2, { username: 'bob', fullName: 'Bob Gamer' });
const EDITED_AT = '2026-03-05T07:08:00.000Z';
const mine = makePost({
  id: 11,
  title: 'My post',
  author: ada,
  video: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  commentsCount: 1,
});
const comment: Comment = {
  id: 5,
  postId: 11,
  userId: 1,
  text: 'Frist',
  createdAt: '2026-03-04T06:00:00.000Z',
  editedAt: null,
  author: ada,
};

function serve(me = makeMe(), posts = [mine, makePost({ author: bob })]) {
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: me }),
    'GET /api/posts': () => jsonResponse({ body: { items: posts, nextCursor: null } }),
    'PATCH /api/post/11': (init) =>
      jsonResponse({ body: { ...mine, ...JSON.parse(String(init?.body)), editedAt: EDITED_AT } }),
    'GET /api/comments/11': () => jsonResponse({ body: { items: [comment], nextCursor: null } }),
    'PATCH /api/comment/5': (init) =>
      jsonResponse({
        body: { ...comment, ...JSON.parse(String(init?.body)), editedAt: EDITED_AT },
      }),
  });
}

async function renderFeed() {
  const user = userEvent.setup();
  renderWithApp(<PostFeed />);
  const own = await screen.findByRole('article', { name: 'My post' });
  return { user, own };
}

describe('editing a post', () => {
  it('is offered to the author only, not on others’ posts nor to an admin', async () => {
    serve(makeMe({ id: 3, username: 'root', isAdmin: true }));
    const { own } = await renderFeed();
    await waitFor(() =>
      expect(within(own).getByRole('button', { name: /Delete post/ })).toBeVisible(),
    );
    expect(within(own).queryByRole('button', { name: /Edit post/ })).not.toBeInTheDocument();
  });

  it('refuses with the texts of publishing, and Cancel leaves the post as it was', async () => {
    serve();
    const { user, own } = await renderFeed();
    await user.click(await within(own).findByRole('button', { name: 'Edit post: My post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'ab');
    await user.clear(within(dialog).getByRole('textbox', { name: /YouTube link/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(POST_MESSAGES.title)).toBeInTheDocument();
    expect(within(dialog).getByText(POST_MESSAGES.media)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH /api/post/11')).toHaveLength(0);
    expect(within(own).getByRole('button', { name: 'Edit post: My post' })).toHaveFocus();
  });

  it('saves, and the card shows the new text and the edited mark at once', async () => {
    serve();
    const { user, own } = await renderFeed();
    await user.click(await within(own).findByRole('button', { name: 'Edit post: My post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const description = within(dialog).getByRole('textbox', { name: /Description/ });
    await user.clear(description);
    await user.type(description, 'Now with a link: https://devplay.example/maps.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [[, init]] = requestsTo(fetchMock, 'PATCH /api/post/11') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({
      title: 'My post',
      description: 'Now with a link: https://devplay.example/maps.',
      image: null,
      imageAlt: null,
    });
    const card = screen.getByRole('article', { name: 'My post' });
    expect(
      within(card).getByRole('link', { name: 'https://devplay.example/maps' }),
    ).toHaveAttribute('rel', 'noopener nofollow ugc');
    expect(within(card).getByText('edited').closest('[title]')).toHaveAttribute(
      'title',
      expect.stringMatching(/^Edited \d{2}\.\d{2}\.2026 \d{2}:\d{2}$/),
    );
  });
});

describe('editing a comment', () => {
  it('rewrites it in place, Escape cancels, Save shows the new text and the mark', async () => {
    serve();
    const { user, own } = await renderFeed();
    await user.click(within(own).getByRole('button', { name: /Comments/ }));
    await user.click(await within(own).findByRole('button', { name: 'Edit comment' }));
    await user.keyboard('{Escape}');
    expect(within(own).getByText('Frist')).toBeInTheDocument();

    await user.click(within(own).getByRole('button', { name: 'Edit comment' }));
    const box = within(own).getByRole('textbox', { name: 'Edit comment' });
    await user.clear(box);
    await user.click(within(own).getByRole('button', { name: 'Save' }));
    expect(await within(own).findByText('Write something first.')).toBeInTheDocument();
    await user.type(box, 'First!');
    await user.click(within(own).getByRole('button', { name: 'Save' }));

    expect(await within(own).findByText('First!')).toBeInTheDocument();
    expect(within(own).getByText('edited')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Edit comment' })).toHaveFocus();
    const [[, init]] = requestsTo(fetchMock, 'PATCH /api/comment/5') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ text: 'First!' });
  });

  it('starts with the caret at the end; Enter saves, Shift+Enter is a new line', async () => {
    serve();
    const { user, own } = await renderFeed();
    await user.click(within(own).getByRole('button', { name: /Comments/ }));
    await user.click(await within(own).findByRole('button', { name: 'Edit comment' }));
    const box: HTMLTextAreaElement = within(own).getByRole('textbox', { name: 'Edit comment' });
    expect(box).toHaveFocus();
    expect([box.selectionStart, box.selectionEnd]).toEqual([5, 5]);

    await user.keyboard('{Shift>}{Enter}{/Shift}again');
    expect(box).toHaveValue('Frist\nagain');
    expect(requestsTo(fetchMock, 'PATCH /api/comment/5')).toHaveLength(0);
    await user.keyboard('{Enter}');

    expect(await within(own).findByText(/again/)).toBeInTheDocument();
    const [[, init]] = requestsTo(fetchMock, 'PATCH /api/comment/5') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ text: 'Frist\nagain' });
  });
});
