import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserSummary } from '@devplay/shared';
import { bob, makeMe, makeUser } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { SafetyListCard } from './safety-list-card';

const fetchMock = stubFetch({ signedIn: true });
const carol = makeUser(3, { username: 'carol', fullName: 'Carol Shaw' });
const dan = makeUser(4, { username: 'dan', fullName: 'Dan Wu' });
/** The server's lists; pages of two, the cursor being the index of the next one. */
let lists: Record<'blocks' | 'mutes', UserSummary[]>;

const page = (items: UserSummary[], url: string) => {
  const from = Number(new URL(url, 'http://localhost').searchParams.get('cursor') ?? 0);
  const next = from + 2 < items.length ? String(from + 2) : null;
  return jsonResponse({ body: { items: items.slice(from, from + 2), nextCursor: next } });
};
const leave = (kind: 'blocks' | 'mutes', state: object) => (init: RequestInit | undefined) => {
  const { username } = JSON.parse(String(init?.body)) as { username: string };
  lists[kind] = lists[kind].filter((person) => person.username !== username);
  return jsonResponse({ body: state });
};

beforeEach(() => {
  lists = { blocks: [bob, carol, dan], mutes: [carol] };
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe() }),
    'GET /api/blocks': (_init, url) => page(lists.blocks, url),
    'GET /api/mutes': (_init, url) => page(lists.mutes, url),
    'POST /api/unblock': leave('blocks', { blocked: false }),
    'POST /api/unmute': leave('mutes', { muted: false }),
  });
});

const rows = (card: HTMLElement) =>
  within(card)
    .queryAllByRole('listitem')
    .map((row) => within(row).getByRole('link').textContent);

describe('the Blocked list in Settings', () => {
  it('lists the members one blocks, a page at a time', async () => {
    const user = userEvent.setup();
    renderWithApp(<SafetyListCard kind="blocks" />);
    const card = screen.getByRole('region', { name: 'Blocked' });

    await within(card).findByText('Bob Builder');
    expect(rows(card)).toHaveLength(2);
    await user.click(within(card).getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(rows(card)).toHaveLength(3));
    expect(rows(card)).toEqual(['Bob Builder@bob', 'Carol Shaw@carol', 'Dan Wu@dan']);
    expect(within(card).getByRole('link', { name: /Dan Wu/ })).toHaveAttribute('href', '/user/dan');
  });

  it('unblocks a member: the row goes and the server is told', async () => {
    const user = userEvent.setup();
    renderWithApp(<SafetyListCard kind="blocks" />);
    const card = screen.getByRole('region', { name: 'Blocked' });

    await user.click(await within(card).findByRole('button', { name: 'Unblock @bob' }));

    await waitFor(() => expect(within(card).queryByText('Bob Builder')).not.toBeInTheDocument());
    expect(within(card).getByText('Carol Shaw')).toBeInTheDocument();
    const [, init] = requestsTo(fetchMock, 'POST /api/unblock')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'bob' });
    expect(await screen.findByText('@bob is unblocked.')).toBeInTheDocument();
  });

  it('says when nobody is blocked', async () => {
    lists.blocks = [];
    renderWithApp(<SafetyListCard kind="blocks" />);

    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it on retry', async () => {
    let fail = true;
    routeFetch(fetchMock, {
      'GET /api/blocks': (_init, url) =>
        fail ? jsonResponse({ status: 500, body: {} }) : page(lists.blocks, url),
    });
    const user = userEvent.setup();
    renderWithApp(<SafetyListCard kind="blocks" />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading blocked members');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Bob Builder')).toBeInTheDocument();
  });
});

describe('the Muted list in Settings', () => {
  it('unmutes a member: the row goes and the empty text shows', async () => {
    const user = userEvent.setup();
    renderWithApp(<SafetyListCard kind="mutes" />);
    const card = screen.getByRole('region', { name: 'Muted' });

    await user.click(await within(card).findByRole('button', { name: 'Unmute @carol' }));

    expect(await within(card).findByText('You have not muted anyone.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/unmute')).toHaveLength(1);
  });
});
