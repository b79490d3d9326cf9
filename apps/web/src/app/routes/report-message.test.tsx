import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { ChatView } from '../../features/messages/components/chat-view';
import { SafetyActionsProvider } from '../../features/safety/components/safety-menu';
import { bob, makeMe, makeMessage } from '../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../test/render';

vi.mock('../../lib/use-live', () => import('../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });
const received = makeMessage(7, 'send me your password', 'bob');
const sent = makeMessage(8, 'no', 'ada');

it('offers a report on each received message only, and sends which one it is', async () => {
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe() }),
    'GET /api/messages/2': () =>
      jsonResponse({ body: { items: [sent, received], nextCursor: null } }),
    'GET /api/messages/conversations': () => jsonResponse({ body: [] }),
    'POST /api/report': () => jsonResponse({ status: 201, body: { id: 1, status: 'open' } }),
  });
  const user = userEvent.setup();
  renderWithApp(
    <SafetyActionsProvider>
      <ChatView peerId={bob.id} peerHint={null} />
    </SafetyActionsProvider>,
    { path: '/message/2' },
  );

  await screen.findByText('send me your password');
  const reports = screen.getAllByRole('button', { name: /^Report the message of / });
  expect(reports).toHaveLength(1);
  expect(reports[0]!.closest('li')).toHaveTextContent('send me your password');

  await user.click(reports[0]!);
  const dialog = screen.getByRole('dialog', { name: 'Report a message from @bob' });
  await user.click(within(dialog).getByRole('radio', { name: 'Scam' }));
  await user.click(within(dialog).getByRole('button', { name: 'Report' }));

  await screen.findByRole('dialog', { name: 'Thanks — an admin will review it.' });
  const [, init] = requestsTo(fetchMock, 'POST /api/report')[0] ?? [];
  expect(JSON.parse(String(init?.body))).toEqual({
    targetType: 'message',
    targetId: 7,
    reason: 'scam',
  });
});
