import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES } from '@devplay/shared';
import type { AdminUser } from '@devplay/shared';
import { requestsTo, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { formatDateTime } from '../../../lib/format-date-time';
import { adminUser, rowOf, serve as serveTo, SUSPENDED_UNTIL } from './users-panel-fixtures';
import { UsersPanel } from './users-panel';

const fetchMock = stubFetch({ signedIn: true });
const serve = (users: AdminUser[]) => serveTo(fetchMock, users);

describe('UsersPanel', () => {
  it('offers deletion only where the server would allow it', async () => {
    serve([
      adminUser(1, 'ada', { isAdmin: true }),
      adminUser(2, 'grace', { isAdmin: true }),
      adminUser(3, 'bob'),
    ]);
    renderWithApp(<UsersPanel myId={1} />);

    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('You')).toBeInTheDocument();
    expect(within(rows[1]!).getAllByText('Admin')).toHaveLength(2);
    expect(within(rows[2]!).getByRole('button', { name: 'Delete user bob' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Delete user/ })).toHaveLength(1);
  });

  it("shows each member's status, with when a suspension ends", async () => {
    serve([
      adminUser(3, 'bob'),
      adminUser(4, 'newbie', { status: 'pending' }),
      adminUser(6, 'troll', { status: 'suspended', suspendedUntil: SUSPENDED_UNTIL }),
      adminUser(7, 'banned', { status: 'suspended' }),
    ]);
    renderWithApp(<UsersPanel myId={1} />);

    expect(within(await rowOf('bob')).getByText('Active')).toBeInTheDocument();
    expect(within(await rowOf('newbie')).getByText('Pending')).toBeInTheDocument();
    expect(
      within(await rowOf('troll')).getByText(`Suspended until ${formatDateTime(SUSPENDED_UNTIL)}`),
    ).toBeInTheDocument();
    expect(within(await rowOf('banned')).getByText('Suspended')).toBeInTheDocument();
    // The date reads dd.mm.yyyy hh:mm, in the reader's time zone.
    expect(formatDateTime(SUSPENDED_UNTIL)).toMatch(/^\d\d\.\d\d\.2031 \d\d:\d\d$/);
  });

  it('offers Approve and Reject on the members waiting, and on nobody else', async () => {
    serve([adminUser(3, 'bob'), adminUser(4, 'newbie', { status: 'pending' })]);
    renderWithApp(<UsersPanel myId={1} />);

    const newbie = await rowOf('newbie');
    expect(within(newbie).getByRole('button', { name: 'Approve newbie' })).toBeInTheDocument();
    expect(within(newbie).getByRole('button', { name: 'Reject newbie' })).toBeInTheDocument();
    expect(within(await rowOf('bob')).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
  });

  it('narrows the list to the pending members with the Status filter', async () => {
    serve([adminUser(3, 'bob'), adminUser(4, 'newbie', { status: 'pending' })]);
    const user = userEvent.setup();
    renderWithApp(<UsersPanel myId={1} />);

    await rowOf('bob');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');

    await waitFor(() => expect(screen.queryByRole('link', { name: 'bob' })).toBeNull());
    expect(screen.getByRole('link', { name: 'newbie' })).toBeInTheDocument();
    const urls = requestsTo(fetchMock, 'GET /api/admin/users').map(([input]) => String(input));
    expect(urls.at(-1)).toContain('status=pending');
  });

  it('says so when nobody is waiting', async () => {
    serve([adminUser(3, 'bob')]);
    const user = userEvent.setup();
    renderWithApp(<UsersPanel myId={1} />);

    await rowOf('bob');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    expect(await screen.findByText('No pending users.')).toBeInTheDocument();
  });

  it('approves at once: the member leaves the pending list, and the answer shows', async () => {
    serve([adminUser(3, 'bob'), adminUser(4, 'newbie', { status: 'pending' })]);
    const user = userEvent.setup();
    renderWithApp(<UsersPanel myId={1} />);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    await user.click(await screen.findByRole('button', { name: 'Approve newbie' }));

    expect(await screen.findByText(APPROVAL_MESSAGES.userApproved)).toBeInTheDocument();
    expect(await screen.findByText('No pending users.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/user/4/approve')).toHaveLength(1);
  });

  it("shows the server's words when an approval is refused", async () => {
    serve([adminUser(5, 'late', { status: 'pending' })]);
    const user = userEvent.setup();
    renderWithApp(<UsersPanel myId={1} />);

    await user.click(await screen.findByRole('button', { name: 'Approve late' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.notPending)).toBeInTheDocument();
  });

  it('rejects only after a question, and Cancel leaves the member waiting', async () => {
    serve([adminUser(3, 'bob'), adminUser(4, 'newbie', { status: 'pending' })]);
    const user = userEvent.setup();
    renderWithApp(<UsersPanel myId={1} />);

    await user.click(await screen.findByRole('button', { name: 'Reject newbie' }));
    const question = screen.getByRole('dialog', { name: 'Reject newbie?' });
    expect(question).toHaveTextContent(/account is deleted.*cannot be undone/);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(fetchMock, 'POST /api/admin/user/4/reject')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reject newbie' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reject newbie?' })).getByRole('button', {
        name: 'Reject',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'newbie' })).toBeNull());
    expect(requestsTo(fetchMock, 'POST /api/admin/user/4/reject')).toHaveLength(1);
    expect(await screen.findByText(APPROVAL_MESSAGES.userRejected)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'bob' })).toBeInTheDocument();
  });
});
