import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@devplay/shared';
import type { AdminUser } from '@devplay/shared';
import { requestsTo, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { formatDateTime } from '../../../lib/format-date-time';
import { adminUser, rowOf, serve as serveTo, SUSPENDED_UNTIL } from './users-panel-fixtures';
import { UsersPanel } from './users-panel';

const fetchMock = stubFetch({ signedIn: true });
const serve = (users: AdminUser[]) => serveTo(fetchMock, users);

describe('UsersPanel: suspensions', () => {
  it('offers Suspend on active members and Unsuspend on suspended ones, never on admins', async () => {
    serve([
      adminUser(1, 'ada', { isAdmin: true }),
      adminUser(3, 'bob'),
      adminUser(4, 'newbie', { status: 'pending' }),
      adminUser(6, 'troll', { status: 'suspended', suspendedUntil: SUSPENDED_UNTIL }),
    ]);
    renderWithApp(<UsersPanel myId={1} />);

    expect(within(await rowOf('bob')).getByRole('button', { name: 'Suspend bob' })).toBeVisible();
    expect(
      within(await rowOf('troll')).getByRole('button', { name: 'Unsuspend troll' }),
    ).toBeVisible();
    expect(within(await rowOf('ada')).queryByRole('button', { name: /suspend/i })).toBeNull();
    expect(within(await rowOf('newbie')).queryByRole('button', { name: /suspend/i })).toBeNull();
  });

  it('suspends after asking how long and why: the reason is required', async () => {
    serve([adminUser(3, 'bob')]);
    const user = userEvent.setup();
    renderWithApp(<UsersPanel myId={1} />);

    await user.click(await screen.findByRole('button', { name: 'Suspend bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByText('Please write it.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/user/3/suspend')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Duration' }), '30 days');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' scam links ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    expect(await screen.findByText('bob was suspended')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [, init] = requestsTo(fetchMock, 'POST /api/admin/user/3/suspend')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'scam links', days: 30 });
    expect(
      await within(await rowOf('bob')).findByText(
        `Suspended until ${formatDateTime(SUSPENDED_UNTIL)}`,
      ),
    ).toBeInTheDocument();
  });

  it('suspends until lifted without days, and lifts a suspension at once', async () => {
    serve([adminUser(3, 'bob'), adminUser(6, 'troll', { status: 'suspended' })]);
    const user = userEvent.setup();
    renderWithApp(<UsersPanel myId={1} />);

    await user.click(await screen.findByRole('button', { name: 'Suspend bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend bob?' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Duration' }),
      'Until lifted',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'threats');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await screen.findByText('bob was suspended');
    const [, init] = requestsTo(fetchMock, 'POST /api/admin/user/3/suspend')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'threats' });

    await user.click(screen.getByRole('button', { name: 'Unsuspend troll' }));
    expect(await screen.findByText(REPORT_MESSAGES.suspensionLifted)).toBeInTheDocument();
    expect(await within(await rowOf('troll')).findByText('Active')).toBeInTheDocument();
  });
});
