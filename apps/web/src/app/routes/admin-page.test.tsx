import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminComment, type AdminPost, type AdminUser } from '@devplay/shared';
import { sessionKeys } from '../../lib/session';
import { bob, makeMe, makeUser } from '../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../test/render';
import { AdminPage } from './admin-page';

const fetchMock = stubFetch({ signedIn: true });

const adminMe = makeMe({ isAdmin: true });

const adminUser = (user: typeof bob, overrides: Partial<AdminUser> = {}): AdminUser => ({
  ...user,
  email: `${user.username}@example.com`,
  isVerified: true,
  isAdmin: false,
  createdAt: '2026-01-02T03:04:00.000Z',
  posts_count: 0,
  balance: 0,
  status: 'active',
  suspendedUntil: null,
  ...overrides,
});

const post: AdminPost = {
  id: 10,
  title: 'First match',
  createdAt: '2026-03-04T05:06:00.000Z',
  author: bob,
  likesCount: 4,
  commentsCount: 2,
};

const comment: AdminComment = {
  id: 30,
  text: 'gg wp',
  createdAt: '2026-03-04T06:00:00.000Z',
  author: bob,
  postId: 10,
  postTitle: 'First match',
};

function serve({ me = adminMe }: { me?: typeof adminMe } = {}) {
  let users = [
    adminUser(makeUser(1, { username: 'ada' }), { isAdmin: true }),
    adminUser(bob, { posts_count: 3, balance: 12.5 }),
    adminUser(makeUser(3, { username: 'root' }), { isAdmin: true }),
  ];
  let posts = [post];
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: me }),
    'GET /api/admin/users': (_init, url) => {
      const query = new URL(url, 'http://localhost').searchParams.get('query') ?? '';
      return jsonResponse({
        body: { items: users.filter((user) => user.username.includes(query)), nextCursor: null },
      });
    },
    'DELETE /api/admin/user/2': () => {
      users = users.filter((user) => user.id !== 2);
      return jsonResponse({ body: { message: ADMIN_MESSAGES.userDeleted } });
    },
    'GET /api/admin/posts': () => jsonResponse({ body: { items: posts, nextCursor: null } }),
    'DELETE /api/admin/post/10': () => {
      posts = [];
      return jsonResponse({ body: { message: ADMIN_MESSAGES.postDeleted } });
    },
    'GET /api/admin/comments': () => jsonResponse({ body: { items: [comment], nextCursor: null } }),
    'GET /api/admin/settings': () =>
      jsonResponse({ body: { registrations: 'closed', blockedEmailDomains: ['spam.example'] } }),
  });
}

describe('/admin', () => {
  it('sends a member who is not an admin to /', async () => {
    serve({ me: makeMe() });
    renderWithApp(<AdminPage />, { path: '/admin' });

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(requestsTo(fetchMock, 'GET /api/admin/users')).toHaveLength(0);
  });

  it('shows the tabs Users, Posts, Comments, Maps, Audit, Reports and Settings to an admin', async () => {
    serve();
    renderWithApp(<AdminPage />, { path: '/admin' });

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Users',
      'Posts',
      'Comments',
      'Maps',
      'Audit',
      'Reports',
      'Settings',
    ]);
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  });

  it('counts the open reports on the Reports tab, and says nothing at none', async () => {
    serve({ me: { ...adminMe, openReports: 3 } });
    const view = renderWithApp(<AdminPage />, { path: '/admin' });

    expect(await screen.findByRole('tab', { name: /^Reports.*3 open reports$/ })).toBeVisible();
    view.queryClient.setQueryData(sessionKeys.me(), { ...adminMe, openReports: 0 });
    expect(await screen.findByRole('tab', { name: 'Reports' })).toHaveTextContent(/^Reports$/);
  });

  it('lists members, with no Delete for the admin themself nor another admin', async () => {
    serve();
    renderWithApp(<AdminPage />, { path: '/admin' });

    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete user bob' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete user ada' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete user root' })).not.toBeInTheDocument();
  });

  it('searches the members by the typed text', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<AdminPage />, { path: '/admin' });

    await user.type(await screen.findByRole('searchbox', { name: /Search users/ }), 'bo');

    await waitFor(() => expect(screen.queryByText('root')).not.toBeInTheDocument());
    expect(screen.getByText('bob@example.com')).toBeInTheDocument();
    const urls = requestsTo(fetchMock, 'GET /api/admin/users').map(([input]) => String(input));
    expect(urls.at(-1)).toContain('query=bo');
  });

  it('deletes a member after a question naming everything that goes with them', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<AdminPage />, { path: '/admin' });

    await user.click(await screen.findByRole('button', { name: 'Delete user bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete bob?' });
    expect(dialog).toHaveTextContent(
      /3 posts, their comments, likes, messages, follows and uploads/,
    );
    expect(dialog).toHaveTextContent(/returns to the system account/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('bob@example.com')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'DELETE /api/admin/user/2')).toHaveLength(1);
    expect(await screen.findByText(ADMIN_MESSAGES.userDeleted)).toBeInTheDocument();
  });

  it('deletes a post after naming its comments and likes, on the Posts tab', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<AdminPage />, { path: '/admin' });

    await user.click(await screen.findByRole('tab', { name: 'Posts' }));
    expect(await screen.findByRole('link', { name: 'First match' })).toHaveAttribute(
      'href',
      '/user/bob',
    );
    await user.click(screen.getByRole('button', { name: 'Delete post First match' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    expect(dialog).toHaveTextContent('"First match" by bob goes with its 2 comments and 4 likes');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
  });

  it('lists comments with their author and post', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<AdminPage />, { path: '/admin' });

    await user.click(await screen.findByRole('tab', { name: 'Comments' }));
    expect(await screen.findByText('gg wp')).toBeInTheDocument();
    expect(screen.getByText(/bob on "First match"/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete comment by bob' }));
    expect(screen.getByRole('dialog', { name: 'Delete this comment?' })).toHaveTextContent('gg wp');
  });

  it('opens the registration settings on the Settings tab, by keyboard too', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<AdminPage />, { path: '/admin' });

    await user.click(await screen.findByRole('tab', { name: /^Reports/ }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('radio', { name: /^Closed/ })).toBeChecked();
    expect(screen.getByText('spam.example')).toBeInTheDocument();
  });
});
