import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeMe, makeTransaction } from '../../test/factories';
import { routeFetch, stubFetch } from '../../test/fetch-mock';
import { openLive } from '../../test/live-mock';
import { jsonResponse, renderWithApp } from '../../test/render';
import { useLiveBalance, useTransactions } from './api';

vi.mock('../../lib/use-live', () => import('../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });

function History() {
  useLiveBalance();
  const history = useTransactions();
  return <p>{history.data?.pages[0]?.items.length ?? 'loading'} transfers</p>;
}

describe('the history on show', () => {
  it('is read again when the socket first opens: a transfer before it reached no listener', async () => {
    let items = [makeTransaction()];
    routeFetch(fetchMock, {
      'GET /api/me': () => jsonResponse({ body: makeMe() }),
      'GET /api/transactions': () =>
        jsonResponse({ body: { balance: 87.66, items, nextCursor: null } }),
    });
    const view = renderWithApp(<History />);
    expect(await view.findByText('1 transfers')).toBeInTheDocument();

    items = [makeTransaction({ direction: 'in', balanceAfter: 100 }), ...items];
    await openLive();
    await waitFor(() => expect(view.getByText('2 transfers')).toBeInTheDocument());
  });
});
