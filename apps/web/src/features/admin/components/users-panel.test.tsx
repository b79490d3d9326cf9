import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@devplay/shared';
import { makeUser } from '../../../test/factories';
import { routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { UsersPanel } from './users-panel';

const fetchMock = stubFetch({ signedIn: true });

const adminUser = (id: number, username: string, isAdmin: boolean): AdminUser => ({
  ...makeUser(id, { username }),
  email: `${username}@example.com`,
  isVerified: true,
  isAdmin,
  createdAt: '2026-03-04T05:06:00.000Z',
  posts_count: 0,
  balance: 0,
});

describe('UsersPanel', () => {
  it('offers deletion only where the server would allow it', async () => {
    const users = [
      adminUser(1, 'ada', true),
      adminUser(2, 'grace', true),
      adminUser(3, 'bob', false),
    ];
    routeFetch(fetchMock, {
      'GET /api/admin/users': () => jsonResponse({ body: { items: users, nextCursor: null } }),
    });
    renderWithApp(<UsersPanel myId={1} />);

    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('You')).toBeInTheDocument();
    expect(within(rows[1]!).getAllByText('Admin')).toHaveLength(2);
    expect(within(rows[2]!).getByRole('button', { name: 'Delete user bob' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Delete user/ })).toHaveLength(1);
  });
});
