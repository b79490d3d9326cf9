import type { LiveEvent, Me } from '@devplay/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken } from '../../../lib/token-store';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { sessionKeys } from '../../../lib/session';
import { useLiveBalance } from '../api';
import { formatEuro } from '../../../lib/format-euro';
import { makeMe } from '../../../test/factories';
import { BalanceLink } from './balance-link';
import { stubFetch } from '../../../test/fetch-mock';

// The socket itself is tested in lib; here the server's events are pushed by hand.
const live = vi.hoisted(() => ({
  onEvent: null as ((event: LiveEvent) => void) | null,
}));
vi.mock('../../../lib/use-live', () => ({
  useLiveEvents: (handler: (event: LiveEvent) => void) => {
    live.onEvent = handler;
  },
  useLiveResync: () => {},
}));

const fetchMock = stubFetch({ signedIn: true });
const ada = makeMe({ balance: 100 });

beforeEach(() => {
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ body: ada })));
});

function Header() {
  useLiveBalance();
  return <BalanceLink />;
}

const folded = (text: string) => text.replace(/\s+/g, ' ');

describe('BalanceLink', () => {
  it('shows the balance in euro, linking to /transactions', async () => {
    renderWithApp(<Header />);

    const link = await screen.findByRole('link', { name: folded(`Balance ${formatEuro(100)}`) });
    expect(link).toHaveAttribute('href', '/transactions');
  });

  it('follows balance:changed events at once', async () => {
    const { queryClient } = renderWithApp(<Header />);
    await screen.findByRole('link', { name: /Balance/ });

    act(() => live.onEvent?.({ type: 'balance:changed', data: { balance: 112.34 } }));

    // Query observers hear of cache writes on the next tick.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Balance/ })).toHaveTextContent(
        folded(formatEuro(112.34)),
      ),
    );
    expect(queryClient.getQueryData<Me>(sessionKeys.me())?.balance).toBe(112.34);
  });

  it('shows nothing before the profile is known', () => {
    clearToken();
    renderWithApp(<Header />);

    expect(screen.queryByRole('link', { name: /Balance/ })).not.toBeInTheDocument();
  });
});
