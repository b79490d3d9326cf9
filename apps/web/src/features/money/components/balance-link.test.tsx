import { formatEuro } from '@devplay/shared';
import type { Me } from '@devplay/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken } from '../../../lib/token-store';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { sessionKeys } from '../../../lib/session';
import { useLiveBalance } from '../api';
import { makeMe } from '../../../test/factories';
import { emitLive } from '../../../test/live-mock';
import { BalanceLink } from './balance-link';
import { stubFetch } from '../../../test/fetch-mock';

vi.mock('../../../lib/use-live', () => import('../../../test/live-mock'));

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

    await emitLive({ type: 'balance:changed', data: { balance: 112.34 } });

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
