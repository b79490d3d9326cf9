import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Comment, Post } from '@devplay/shared';
import { PostFeed } from '../../features/posts/components/post-feed';
import { SafetyActionsProvider } from '../../features/safety/components/safety-menu';
import { bob, makeMe, makePost, makeUser } from '../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../test/render';

const fetchMock = stubFetch({ signedIn: true });
const ada = makeMe();
const carol = makeUser(3, { username: 'carol', fullName: 'Carol Shaw' });
/** Who the server hides from Ada: blocking or muting someone adds them. */
let hidden: Set<number>;

const comment = (id: number, author = bob): Comment => ({
  id,
  postId: 20,
  userId: author.id,
  text: `Comment ${id}`,
  createdAt: '2026-03-04T06:00:00.000Z',
  editedAt: null,
  author,
});

const posts: Post[] = [
  makePost({ id: 10, title: 'By Bob', author: bob }),
  makePost({ id: 20, title: 'By Carol', author: carol, commentsCount: 2 }),
  makePost({ id: 30, title: 'By Ada', author: ada }),
];

beforeEach(() => {
  hidden = new Set();
  const hide = () => {
    hidden.add(bob.id);
    return jsonResponse({ body: { blocked: true, muted: true } });
  };
  const shown = <T extends { author: { id: number } }>(items: T[]) =>
    items.filter((item) => !hidden.has(item.author.id));
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: ada }),
    'GET /api/posts': () => jsonResponse({ body: { items: shown(posts), nextCursor: null } }),
    'GET /api/comments/20': () =>
      jsonResponse({ body: { items: shown([comment(1), comment(2, carol)]), nextCursor: null } }),
    'POST /api/block': hide,
    'POST /api/mute': hide,
  });
});

function openFeed() {
  const user = userEvent.setup();
  renderWithApp(
    <SafetyActionsProvider>
      <PostFeed />
    </SafetyActionsProvider>,
  );
  return user;
}

const post = (title: string) => screen.queryByRole('article', { name: title });

describe("a post's menu", () => {
  it('is on other members’ posts only', async () => {
    openFeed();
    await screen.findByRole('article', { name: 'By Ada' });

    expect(
      screen.getByRole('button', { name: 'More actions for the post by @bob' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^More actions/ })).toHaveLength(2);
  });

  it('works from the keyboard and blocks after asking: the author’s posts leave the feed', async () => {
    const user = openFeed();
    const trigger = await screen.findByRole('button', {
      name: 'More actions for the post by @bob',
    });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Mute @bob' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Block @bob' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Block @bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    await waitFor(() => expect(post('By Bob')).not.toBeInTheDocument());
    expect(post('By Carol')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/block')).toHaveLength(1);
    expect(await screen.findByText('@bob is blocked.')).toBeInTheDocument();
  });

  it('is a real modal: Escape closes the question, focus returns, nothing is sent', async () => {
    const user = openFeed();
    const trigger = await screen.findByRole('button', {
      name: 'More actions for the post by @bob',
    });
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Block @bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Block @bob?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Tab stays inside, round both ways.
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Block' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(requestsTo(fetchMock, 'POST /api/block')).toHaveLength(0);
    expect(post('By Bob')).toBeInTheDocument();
  });

  it('mutes with their notifications by default: the posts leave the feed', async () => {
    const user = openFeed();
    await user.click(
      await screen.findByRole('button', { name: 'More actions for the post by @bob' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Mute @bob' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mute' }));

    await waitFor(() => expect(post('By Bob')).not.toBeInTheDocument());
    const [, init] = requestsTo(fetchMock, 'POST /api/mute')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'bob', notifications: true });
  });
});

describe("a comment's menu", () => {
  it('blocks the comment’s author: their comments leave the open comments', async () => {
    const user = openFeed();
    const card = await screen.findByRole('article', { name: 'By Carol' });
    await user.click(within(card).getByRole('button', { name: 'Comments (2)' }));
    await within(card).findByText('Comment 1');

    await user.click(
      within(card).getByRole('button', { name: 'More actions for the comment by @bob' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Block @bob' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Block' }));

    await waitFor(() => expect(within(card).queryByText('Comment 1')).not.toBeInTheDocument());
    expect(within(card).getByText('Comment 2')).toBeInTheDocument();
  });
});
