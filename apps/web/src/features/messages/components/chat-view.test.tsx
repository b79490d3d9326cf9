import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@devplay/shared';
import { emitLive, openLive } from '../../../test/live-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { messageKeys } from '../message-keys';
import { bob, makeMe, makeMessage } from '../../../test/factories';
import { useMessagesLive } from '../use-messages-live';
import { ChatView } from './chat-view';
import { stubFetch } from '../../../test/fetch-mock';

vi.mock('../../../lib/use-live', () => import('../../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });
const ada = makeMe();
/** The stored chat, newest first as the server pages it. */
let stored: Message[] = [];
let nextId = 100;

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(url), 'http://x').pathname === path,
  );

beforeEach(() => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/me') return jsonResponse({ body: ada });
    if (method === 'GET' && url.pathname === '/api/messages/2') {
      const limit = Number(url.searchParams.get('limit') ?? 30);
      return jsonResponse({ body: { items: stored.slice(0, limit), nextCursor: null } });
    }
    if (method === 'POST' && url.pathname === '/api/messages') {
      const { text } = JSON.parse(String(init?.body)) as { text: string };
      const sent = makeMessage(nextId++, text, 'ada', new Date().toISOString());
      stored = [sent, ...stored];
      return jsonResponse({ status: 201, body: sent });
    }
    if (method === 'DELETE' && url.pathname.startsWith('/api/messages/')) {
      const id = Number(url.pathname.split('/').at(-1));
      stored = stored.filter((item) => item.id !== id);
      return jsonResponse({ body: { message: 'Message deleted' } });
    }
    if (url.pathname === '/api/messages/conversations') return jsonResponse({ body: [] });
    return jsonResponse({ status: 404, body: { message: 'Not found' } });
  });
});

afterEach(() => {
  stored = [];
});

function Live() {
  useMessagesLive();
  return null;
}

function openChat() {
  const user = userEvent.setup();
  const app = renderWithApp(
    <>
      <Live />
      <ChatView peerId={bob.id} peerHint={null} />
    </>,
    { path: '/message/2' },
  );
  return { user, ...app };
}

const log = () => screen.getByRole('log');
const input = () => screen.getByPlaceholderText('Enter message...');

describe('chat', () => {
  it('shows the history oldest first, each day under its date, bubbles with their hour:minute', async () => {
    stored = [
      makeMessage(3, 'Morning!', 'bob', new Date(2025, 0, 3, 9, 0).toISOString()),
      makeMessage(2, 'Fine, thanks', 'bob', new Date(2025, 0, 2, 18, 30).toISOString()),
      makeMessage(1, 'How are you?', 'ada', new Date(2025, 0, 2, 8, 5).toISOString()),
    ];
    openChat();

    const items = await within(await screen.findByRole('log')).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '02.01.2025',
      expect.stringMatching(/^How are you\?08:05$/),
      expect.stringMatching(/^Fine, thanks18:30$/),
      '03.01.2025',
      expect.stringMatching(/^Morning!09:00$/),
    ]);
    expect(screen.getByRole('link', { name: /Bob Builder/ })).toHaveAttribute('href', '/user/bob');
    expect(document.title).toBe('Chat with Bob Builder · DevPlay');
  });

  it('makes web addresses in messages links to a new tab, and nothing else', async () => {
    stored = [
      makeMessage(
        1,
        'See https://example.com/a, not javascript:alert(1) <b>x</b>',
        'bob',
        new Date(2025, 0, 2).toISOString(),
      ),
    ];
    openChat();

    const link = await within(await screen.findByRole('log')).findByRole('link', {
      name: 'https://example.com/a',
    });
    expect(link).toHaveAttribute('href', 'https://example.com/a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
    expect(within(log()).getAllByRole('link')).toHaveLength(1);
    expect(log()).toHaveTextContent('javascript:alert(1) <b>x</b>');
  });

  it('sends on Enter; Shift+Enter makes a new line instead', async () => {
    const { user } = openChat();
    await screen.findByText('No messages');

    await user.type(input(), 'Hello{Shift>}{Enter}{/Shift}there');
    expect(input()).toHaveValue('Hello\nthere');
    expect(calls('POST', '/api/messages')).toHaveLength(0);

    await user.keyboard('{Enter}');

    await waitFor(() => expect(calls('POST', '/api/messages')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/messages')[0]?.[1]?.body))).toEqual({
      receiverId: 2,
      text: 'Hello\nthere',
    });
    expect(input()).toHaveValue('');
    await waitFor(() => expect(within(log()).getByText(/Hello\s+there/)).toBeInTheDocument());
    expect(within(log()).queryByText(/Sending/)).not.toBeInTheDocument();
  });

  it('does not send a blank message, by Enter or by the Send button', async () => {
    const { user } = openChat();
    await screen.findByText('No messages');

    await user.type(input(), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(calls('POST', '/api/messages')).toHaveLength(0);
    expect(screen.getByText('No messages')).toBeInTheDocument();
  });

  it('shows a live message once, whether a replay or a refetch brings it again', async () => {
    stored = [makeMessage(1, 'First', 'ada')];
    const { queryClient } = openChat();
    await screen.findByText('First');
    const refetchChat = async () => {
      const before = calls('GET', '/api/messages/2').length;
      await queryClient.invalidateQueries({ queryKey: messageKeys.chat(bob.id) });
      await waitFor(() => expect(calls('GET', '/api/messages/2').length).toBeGreaterThan(before));
    };

    const live = makeMessage(2, 'Live hello', 'bob');
    stored = [live, ...stored];
    await emitLive({ type: 'message:new', data: live });
    expect(await within(log()).findByText('Live hello')).toBeInTheDocument();
    // After a reconnect the socket replays what came after the last id it saw.
    await emitLive({ type: 'message:new', data: live });
    expect(within(log()).getAllByText('Live hello')).toHaveLength(1);
    await refetchChat();
    expect(within(log()).getAllByText('Live hello')).toHaveLength(1);

    // The other order: a refetch has it already when its event comes in.
    const late = makeMessage(3, 'Late event', 'bob');
    stored = [late, ...stored];
    await refetchChat();
    expect(await within(log()).findByText('Late event')).toBeInTheDocument();
    await emitLive({ type: 'message:new', data: late });
    expect(within(log()).getAllByText('Late event')).toHaveLength(1);
  });

  it('reads the chat again when the socket opens: a message sent before it reached no listener', async () => {
    stored = [makeMessage(1, 'First', 'ada')];
    openChat();
    await screen.findByText('First');

    stored = [makeMessage(2, 'Sent while the page loaded', 'bob'), ...stored];
    await openLive();
    expect(await within(log()).findByText('Sent while the page loaded')).toBeInTheDocument();
  });

  it("marks the peer's live message read while the chat is open", async () => {
    openChat();
    await screen.findByText('No messages');
    const before = calls('GET', '/api/messages/2').length;

    await emitLive({ type: 'message:new', data: makeMessage(3, 'Are you there?', 'bob') });

    await waitFor(() => expect(calls('GET', '/api/messages/2').length).toBe(before + 1));
  });

  it('deletes an own message after asking, and it disappears', async () => {
    stored = [makeMessage(5, 'Oops, wrong chat', 'ada', new Date(2025, 4, 1, 12, 0).toISOString())];
    const { user } = openChat();
    await screen.findByText('Oops, wrong chat');

    await user.click(
      screen.getByRole('button', { name: 'Delete your message of 01.05.2025 12:00' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Oops, wrong chat')).not.toBeInTheDocument());
    expect(calls('DELETE', '/api/messages/5')).toHaveLength(1);
  });

  it("offers no delete button on the peer's messages, and drops one the peer deleted", async () => {
    stored = [makeMessage(6, 'Never mind', 'bob')];
    openChat();
    await screen.findByText('Never mind');
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    await emitLive({ type: 'message:deleted', data: { id: 6, senderId: 2, receiverId: 1 } });

    await waitFor(() => expect(screen.queryByText('Never mind')).not.toBeInTheDocument());
  });

  it("keeps a refused message with the server's reason and a retry", async () => {
    const { user } = openChat();
    await screen.findByText('No messages');
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({ status: 429, body: { message: 'Too many messages. Wait a minute.' } }),
    );

    await user.type(input(), 'Spam{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many messages. Wait a minute.');
    expect(within(log()).getByText('Spam')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(calls('POST', '/api/messages')).toHaveLength(2);
    expect(within(log()).getAllByText('Spam')).toHaveLength(1);
  });
});
