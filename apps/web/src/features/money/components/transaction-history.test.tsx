import { formatEuro, formatSignedEuro } from '@devplay/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Me, TransactionPage } from '@devplay/shared';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { sessionKeys } from '../../../lib/session';
import { makeMe, makeTransaction } from '../../../test/factories';
import { TransactionHistory } from './transaction-history';
import { stubFetch } from '../../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: true });
const ada = makeMe({ balance: 100 });

/** `pages` answers GET /transactions by cursor; a missing page answers 500. */
function serve(pages: Record<string, TransactionPage>) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/transactions') return jsonResponse({ body: ada });
    const page = pages[url.searchParams.get('cursor') ?? ''];
    return page ? jsonResponse({ body: page }) : new Response('', { status: 500 });
  });
}

const page = (
  items: TransactionPage['items'],
  nextCursor: string | null = null,
  balance = 100,
) => ({
  items,
  nextCursor,
  balance,
});

// Expectations follow the test machine's locale, as the screen does; toHaveTextContent folds
// the no-break spaces some locales put into amounts.
const folded = (text: string) => text.replace(/\s+/g, ' ');

const rows = () => within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');

describe('TransactionHistory', () => {
  it("says 'No transactions available' when there are none", async () => {
    serve({ '': page([]) });
    renderWithApp(<TransactionHistory />);

    expect(await screen.findByText('No transactions available')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'History' })).not.toBeInTheDocument();
  });

  it('shows incoming with + and outgoing with -, each with its balance after', async () => {
    serve({
      '': page([
        makeTransaction({ direction: 'in', amount: 5, balanceAfter: 92.66 }),
        makeTransaction({ direction: 'out', amount: 12.34, balanceAfter: 87.66 }),
      ]),
    });
    renderWithApp(<TransactionHistory />);
    await screen.findByRole('list', { name: 'History' });
    const [incoming, outgoing] = rows();

    expect(incoming).toHaveTextContent(/Received from Bob Builder/);
    expect(incoming).toHaveTextContent(folded(formatSignedEuro(5, 'in')));
    expect(incoming).toHaveTextContent(folded(`Balance after: ${formatEuro(92.66)}`));
    expect(outgoing).toHaveTextContent(/Sent to Bob Builder/);
    expect(outgoing).toHaveTextContent(folded(formatSignedEuro(12.34, 'out')));
    expect(outgoing).not.toHaveTextContent('+');
    expect(incoming).toHaveTextContent('+');
    expect(within(outgoing!).getByRole('link', { name: 'Bob Builder' })).toHaveAttribute(
      'href',
      '/user/bob',
    );
  });

  it("shows 'Unknown user' for a member who left, and no note line without a note", async () => {
    serve({ '': page([makeTransaction({ counterparty: null, kind: 'closure', note: null })]) });
    renderWithApp(<TransactionHistory />);
    await screen.findByRole('list', { name: 'History' });
    const [row] = rows();

    expect(row).toHaveTextContent('Unknown user');
    expect(row).not.toHaveTextContent('Note');
    expect(row).not.toHaveTextContent('N/A');
    expect(within(row!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows welcome credit as coming from DevPlay itself', async () => {
    serve({
      '': page([
        makeTransaction({
          direction: 'in',
          kind: 'welcome',
          counterparty: null,
          amount: 100,
          note: 'Welcome to DevPlay!',
        }),
      ]),
    });
    renderWithApp(<TransactionHistory />);
    await screen.findByRole('list', { name: 'History' });

    expect(rows()[0]).toHaveTextContent(/Received from DevPlay/);
    expect(screen.queryByText('Unknown user')).not.toBeInTheDocument();
  });

  it('hides entries without a date (SPEC §3)', async () => {
    serve({ '': page([makeTransaction({ trDate: 'any' }), makeTransaction({ note: 'kept' })]) });
    renderWithApp(<TransactionHistory />);
    await screen.findByRole('list', { name: 'History' });

    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('kept');
  });

  it('loads older pages with Load more and follows the balance it reports', async () => {
    const user = userEvent.setup();
    serve({
      '': page([makeTransaction({ note: 'newest' })], 'c1', 42.5),
      c1: page([makeTransaction({ note: 'oldest' })]),
    });
    const { queryClient } = renderWithApp(<TransactionHistory />);
    queryClient.setQueryData<Me>(sessionKeys.me(), ada);
    await screen.findByText('newest');
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('oldest')).toBeInTheDocument();
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('newest'),
      expect.stringContaining('oldest'),
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(queryClient.getQueryData<Me>(sessionKeys.me())?.balance).toBe(42.5);
  });

  it('offers a retry when the history fails to load', async () => {
    const user = userEvent.setup();
    serve({});
    renderWithApp(<TransactionHistory />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading transactions');
    serve({ '': page([]) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No transactions available')).toBeInTheDocument();
  });
});
