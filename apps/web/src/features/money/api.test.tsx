import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { makeMe, makeTransaction } from '../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../test/fetch-mock';
import { jsonResponse, testQueryClient } from '../../test/render';
import { prefetchTransactions, useTransactions } from './api';

const fetchMock = stubFetch({ signedIn: true });

function HistoryCount() {
  const history = useTransactions();
  return <p>{history.data ? `${history.data.pages[0]!.items.length} rows` : 'waiting'}</p>;
}

describe("prefetchTransactions (the history does not wait for its page's code)", () => {
  it('caches the first page where the history reads it, so mounting it asks nothing again', async () => {
    const page = { items: [makeTransaction({ id: 4 })], nextCursor: null, balance: 42 };
    routeFetch(fetchMock, { 'GET /api/transactions': () => jsonResponse({ body: page }) });
    const queryClient = testQueryClient();
    queryClient.setQueryData(sessionKeys.me(), makeMe({ balance: 100 }));

    await prefetchTransactions(queryClient);
    render(
      <QueryClientProvider client={queryClient}>
        <HistoryCount />
      </QueryClientProvider>,
    );

    expect(screen.getByText('1 rows')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/transactions')).toHaveLength(1);
    // The page's balance is the balance of that moment: the header and the card follow it.
    expect(queryClient.getQueryData<{ balance: number }>(sessionKeys.me())?.balance).toBe(42);
  });
});
