import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@devplay/shared';
import { bob, makeMe, makeProfile } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
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
  renderWithApp(<SendMoneyForm search={vi.fn(() => Promise.resolve([]))} recipient={bob} />);
  return user;
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
