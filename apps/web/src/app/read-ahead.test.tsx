import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prefetchConversations, useConversations } from '../features/messages/conversations-query';
import { useTransactions } from '../features/money/api';
import { prefetchTransactions } from '../features/money/history-query';
import { prefetchNotifications, useNotifications } from '../features/notifications/api';
import { sessionKeys } from '../lib/session';
import { makeConversation, makeMe, makeTransaction } from '../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../test/fetch-mock';
import { jsonResponse, testQueryClient } from '../test/render';

const fetchMock = stubFetch({ signedIn: true });

/** What a route reads ahead, the request it makes, and the screen's hook that reads the answer. */
const READ_AHEAD = [
  {
    page: '/transactions',
    request: 'GET /api/transactions',
    answer: { items: [makeTransaction({ id: 4 })], nextCursor: null, balance: 42 },
    prefetch: prefetchTransactions,
    useRows: () => useTransactions().data?.pages[0]?.items,
  },
  {
    page: '/notifications',
    request: 'GET /api/notifications',
    answer: { items: [], nextCursor: null, unread: 0 },
    prefetch: prefetchNotifications,
    useRows: () => useNotifications().data?.pages[0]?.items,
  },
  {
    page: '/message',
    request: 'GET /api/messages/conversations',
    answer: [makeConversation(), makeConversation({ userId: 9 })],
    prefetch: prefetchConversations,
    useRows: () => useConversations().data,
  },
];

function mountReader(queryClient: QueryClient, useRows: () => unknown[] | undefined) {
  function Rows() {
    const rows = useRows();
    return <p>{rows ? `${rows.length} rows` : 'waiting'}</p>;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Rows />
    </QueryClientProvider>,
  );
}

describe("what a page's route reads ahead is what its screen reads, asked for once", () => {
  it.each(READ_AHEAD)('$page', async ({ request, answer, prefetch, useRows }) => {
    routeFetch(fetchMock, { [request]: () => jsonResponse({ body: answer }) });
    const queryClient = testQueryClient();

    await prefetch(queryClient);
    mountReader(queryClient, useRows);

    const rows = Array.isArray(answer) ? answer.length : answer.items.length;
    expect(screen.getByText(`${rows} rows`)).toBeInTheDocument();
    expect(requestsTo(fetchMock, request)).toHaveLength(1);
  });

  it("takes the history's balance as the balance of the moment: the header follows it", async () => {
    const [transactions] = READ_AHEAD;
    routeFetch(fetchMock, {
      [transactions!.request]: () => jsonResponse({ body: transactions!.answer }),
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(sessionKeys.me(), makeMe({ balance: 100 }));

    await prefetchTransactions(queryClient);

    expect(queryClient.getQueryData<{ balance: number }>(sessionKeys.me())?.balance).toBe(42);
  });
});
