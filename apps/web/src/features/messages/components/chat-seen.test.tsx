import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emitLive } from '../../../test/live-mock';
import { bob, makeMe, makeMessage } from '../../../test/factories';
import { routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { useMessagesLive } from '../use-messages-live';
import { ChatView } from './chat-view';

vi.mock('../../../lib/use-live', () => import('../../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });
const READ_AT = '2025-03-07T10:00:00.000Z';

function Live() {
  useMessagesLive();
  return null;
}

function openChat(stored: ReturnType<typeof makeMessage>[]) {
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe() }),
    'GET /api/messages/2': () => jsonResponse({ body: { items: stored, nextCursor: null } }),
    'GET /api/messages/conversations': () => jsonResponse({ body: [] }),
  });
  renderWithApp(
    <>
      <Live />
      <ChatView peerId={bob.id} peerHint={null} />
    </>,
    { path: '/message/2' },
  );
}

/** The bubble's list item, by its text. */
const bubble = (text: string) => screen.getByText(text).closest('li')!;

describe('"Seen" in a chat', () => {
  it('goes under the newest of my messages the peer has read, and moves there live', async () => {
    // Newest first, as the server pages them.
    openChat([
      makeMessage(4, 'Still there?', 'ada'),
      makeMessage(3, 'Yes, at eight', 'bob'),
      { ...makeMessage(2, 'Practice tonight?', 'ada'), readAt: READ_AT },
      { ...makeMessage(1, 'Hi Bob', 'ada'), readAt: READ_AT },
    ]);
    await screen.findByText('Still there?');
    expect(within(bubble('Practice tonight?')).getByText('· Seen')).toBeInTheDocument();
    expect(screen.getAllByText('· Seen')).toHaveLength(1);

    await emitLive({
      type: 'messages:read',
      data: { readerId: bob.id, upToId: 4, readAt: READ_AT },
    });

    await waitFor(() =>
      expect(within(bubble('Still there?')).getByText('· Seen')).toBeInTheDocument(),
    );
    expect(screen.getAllByText('· Seen')).toHaveLength(1);
  });

  it('shows nothing while the peer has read none of mine, and ignores what another member read', async () => {
    openChat([makeMessage(1, 'Hi Bob', 'ada')]);
    await screen.findByText('Hi Bob');
    await emitLive({ type: 'messages:read', data: { readerId: 3, upToId: 1, readAt: READ_AT } });
    expect(screen.queryByText('· Seen')).not.toBeInTheDocument();
  });
});
