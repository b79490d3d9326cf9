import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@devplay/shared';
import { bob, makeMe, makeProfile } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { sessionKeys } from '../../../lib/session';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { SendMoneyForm } from './send-money-form';

const fetchMock = stubFetch({ signedIn: true });
let profile: Profile;

beforeEach(() => {
  profile = makeProfile();
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe({ balance: 100 }) }),
    'GET /api/user/bob': () => jsonResponse({ body: profile }),
    // Bob changed his privacy after his profile was read.
    'POST /api/transaction': () =>
      jsonResponse({
        status: 403,
        body: {
          message: 'This member does not accept money from you.',
          code: 'TRANSFERS_CLOSED',
          field: 'userName',
        },
      }),
  });
});

/** The form as a profile's Send money link opens it: Bob already chosen. */
function openForBob() {
  const user = userEvent.setup({ delay: null });
  const { queryClient } = renderWithApp(
    <SendMoneyForm search={vi.fn(() => Promise.resolve([]))} recipient={bob} />,
  );
  /** Until the sender's balance is known, as the page's header shows it. */
  const balanceKnown = () =>
    waitFor(() => expect(queryClient.getQueryData(sessionKeys.me())).toBeDefined());
  return Object.assign(user, { balanceKnown });
}

describe('sending money to a member who takes none from the sender', () => {
  it('opens with the member chosen and, when they take money, lets it go', async () => {
    const user = openForBob();
    const recipient = screen.getByRole('group', { name: 'Recipient' });
    expect(recipient).toHaveTextContent('Bob Builder');
    await user.type(screen.getByLabelText('Amount (€)'), '5');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm transfer' });
    await user.click(within(dialog).getByRole('button', { name: /^Send/ }));
    expect(await screen.findByText('This member does not accept money from you.')).toBeVisible();
    expect(requestsTo(fetchMock, 'POST /api/transaction')).toHaveLength(1);
  });

  it('says so under the recipient and keeps Send off when their privacy forbids it', async () => {
    profile = makeProfile({ canSendMoney: false });
    const user = openForBob();

    expect(await screen.findByText('This member does not accept money from you.')).toBeVisible();
    await user.type(screen.getByLabelText('Amount (€)'), '5');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(requestsTo(fetchMock, 'POST /api/transaction')).toHaveLength(0);
  });

  it('says a block stands between them in the spec’s words', async () => {
    profile = makeProfile({ blocksMe: true, canSendMoney: false });
    openForBob();

    expect(await screen.findByText('You cannot interact with this member.')).toBeVisible();
    expect(screen.queryByText('This member does not accept money from you.')).toBeNull();
  });
});

describe('a sum the balance cannot cover', () => {
  it("is said at the sum, 'Insufficient funds', with no confirmation and nothing sent", async () => {
    const user = openForBob();
    await user.balanceKnown();
    const sum = screen.getByLabelText('Amount (€)');
    await user.type(sum, '100.01');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(sum).toHaveAccessibleDescription(/^Insufficient funds/));
    expect(sum).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/transaction')).toHaveLength(0);

    // The whole balance is a sum it covers.
    await user.clear(sum);
    await user.type(sum, '100');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm transfer' })).toBeInTheDocument();
  });
});
