import { screen } from '@testing-library/react';
import { APPROVAL_MESSAGES, ERROR_CODES, REPORT_MESSAGES, type AdminUser } from '@devplay/shared';
import { makeUser } from '../../../test/factories';
import type { Mock } from 'vitest';
import { routeFetch } from '../../../test/fetch-mock';
import { jsonResponse } from '../../../test/render';

/** The Users tab's tests: the members as the server lists them, and its answers. */
export const adminUser = (
  id: number,
  username: string,
  overrides: Partial<AdminUser> = {},
): AdminUser => ({
  ...makeUser(id, { username }),
  email: `${username}@example.com`,
  isVerified: true,
  isAdmin: false,
  createdAt: '2026-03-04T05:06:00.000Z',
  posts_count: 0,
  balance: 0,
  status: 'active',
  suspendedUntil: null,
  ...overrides,
});

export const SUSPENDED_UNTIL = '2031-05-06T07:08:00.000Z';

/** The members as the server lists them, filtered by `status` as it does; `users` changes. */
export function serve(fetchMock: Mock<typeof fetch>, initial: AdminUser[]) {
  let users = initial;
  routeFetch(fetchMock, {
    'GET /api/admin/users': (_init, url) => {
      const status = new URL(url, 'http://localhost').searchParams.get('status');
      const items = status ? users.filter((user) => user.status === status) : users;
      return jsonResponse({ body: { items, nextCursor: null } });
    },
    'POST /api/admin/user/4/approve': () => {
      users = users.map((user) => (user.id === 4 ? { ...user, status: 'active' } : user));
      return jsonResponse({ body: { message: APPROVAL_MESSAGES.userApproved } });
    },
    'POST /api/admin/user/4/reject': () => {
      users = users.filter((user) => user.id !== 4);
      return jsonResponse({ body: { message: APPROVAL_MESSAGES.userRejected } });
    },
    'POST /api/admin/user/3/suspend': (init) => {
      const { days } = JSON.parse(String(init?.body)) as { days?: number };
      const until = days ? SUSPENDED_UNTIL : null;
      users = users.map((user) =>
        user.id === 3 ? { ...user, status: 'suspended', suspendedUntil: until } : user,
      );
      return jsonResponse({ body: { message: REPORT_MESSAGES.memberSuspended, until } });
    },
    'POST /api/admin/user/6/unsuspend': () => {
      users = users.map((user) =>
        user.id === 6 ? { ...user, status: 'active', suspendedUntil: null } : user,
      );
      return jsonResponse({ body: { message: REPORT_MESSAGES.suspensionLifted, until: null } });
    },
    'POST /api/admin/user/5/approve': () =>
      jsonResponse({
        status: 409,
        body: { message: APPROVAL_MESSAGES.notPending, code: ERROR_CODES.notPendingApproval },
      }),
  });
}

export const rowOf = async (username: string) =>
  (await screen.findByRole('link', { name: username })).closest('li')!;
