import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, type Report } from '@devplay/shared';
import { sessionKeys } from '../../../lib/session';
import { bob, makeMe, makeUser } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ReportsPanel } from './reports-panel';

const fetchMock = stubFetch({ signedIn: true });
const carol = makeUser(4, { username: 'carol' });

const makeReport = (id: number, overrides: Partial<Report> = {}): Report => ({
  id,
  reporter: carol,
  target: { type: 'post', id: 10, author: bob, excerpt: 'Cheap coins — click here', postId: 10 },
  reason: 'scam',
  text: '',
  status: 'open',
  action: null,
  note: '',
  createdAt: '2026-03-04T05:06:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  reportsCount: 1,
  ...overrides,
});

let served: Report[];
let open: number;
let resolveAnswer: () => Response;

beforeEach(() => {
  open = 0;
  served = [];
  resolveAnswer = () => jsonResponse({ body: makeReport(1, { status: 'resolved' }) });
  routeFetch(fetchMock, {
    'GET /api/admin/reports': (_init, url) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const [status, q] = [params.get('status'), params.get('q')?.toLowerCase() ?? ''];
      const items = served.filter(
        (report) =>
          (status === 'all' || report.status === status) &&
          report.target.excerpt.toLowerCase().includes(q),
      );
      return jsonResponse({ body: { items, nextCursor: null, open } });
    },
    'POST /api/admin/reports/1/resolve': () => resolveAnswer(),
  });
});

const listParams = (name: 'status' | 'q') =>
  requestsTo(fetchMock, 'GET /api/admin/reports').map(([url]) =>
    new URL(String(url), 'http://localhost').searchParams.get(name),
  );
const resolveBodies = () =>
  requestsTo(fetchMock, 'POST /api/admin/reports/1/resolve').map(([, init]) =>
    JSON.parse(String(init?.body)),
  );
const row = async (name: RegExp) => screen.findByRole('article', { name });

function renderPanel() {
  const view = renderWithApp(<ReportsPanel />);
  view.queryClient.setQueryData(sessionKeys.me(), makeMe({ isAdmin: true, openReports: 9 }));
  return view;
}

describe('the Reports tab', () => {
  it('shows the open reports: what was reported, where it is, who reported it and why', async () => {
    open = 4;
    served = [
      makeReport(3, { text: 'phishing link', reportsCount: 3 }),
      makeReport(2, {
        reporter: null,
        target: { type: 'user', id: 2, author: bob, excerpt: 'bob (Bob B)', postId: null },
        reason: 'harassment',
      }),
      makeReport(1, {
        target: { type: 'message', id: 7, author: bob, excerpt: 'send me money', postId: null },
      }),
    ];
    const view = renderPanel();

    const post = await row(/Report of a post by bob/);
    expect(post).toHaveTextContent('Scam · post by bob');
    expect(post).toHaveTextContent('Cheap coins — click here');
    expect(post).toHaveTextContent('“phishing link”');
    expect(post).toHaveTextContent('Reported by carol');
    expect(post).toHaveTextContent('3 open reports on this post');
    expect(within(post).getByRole('link', { name: 'Open the post' })).toHaveAttribute(
      'href',
      '/post/10',
    );
    const member = await row(/Report of a member by bob/);
    expect(member).toHaveTextContent('Reported by a deleted member');
    expect(within(member).getByRole('link', { name: 'Open the profile' })).toHaveAttribute(
      'href',
      '/user/bob',
    );
    // A member is suspended or warned, never removed.
    expect(within(member).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    const message = await row(/Report of a message by bob/);
    expect(message).toHaveTextContent('A private message: only its text is shown here.');
    expect(within(message).queryByRole('link')).not.toBeInTheDocument();
    // The queue's answer keeps the admin's badge count.
    expect(view.queryClient.getQueryData(sessionKeys.me())).toMatchObject({ openReports: 4 });
  });

  it('filters by status, showing how each was resolved', async () => {
    const user = userEvent.setup();
    served = [
      makeReport(5, {
        status: 'resolved',
        action: 'warn',
        note: 'Second warning',
        resolvedAt: '2026-03-05T10:00:00.000Z',
        resolvedBy: makeUser(1, { username: 'ada' }),
      }),
    ];
    renderPanel();
    expect(await screen.findByText('No open reports: nothing waits for an admin.')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Resolved');
    const resolved = await row(/Report of a post/);
    expect(resolved).toHaveTextContent('Author warned');
    expect(resolved).toHaveTextContent('Resolved by ada');
    expect(resolved).toHaveTextContent('Note: Second warning');
    expect(within(resolved).queryByRole('button')).not.toBeInTheDocument();
    expect(listParams('status')).toEqual(['open', 'resolved']);
  });

  it('dismisses after asking, then reads the queue again', async () => {
    const user = userEvent.setup();
    served = [makeReport(1, { reportsCount: 2 })];
    renderPanel();

    await user.click(within(await row(/post by bob/)).getByRole('button', { name: 'Dismiss' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss this report?' });
    expect(dialog).toHaveTextContent('All 2 open reports on this post will be closed');
    served = [];
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(resolveBodies()).toEqual([{ action: 'dismiss' }]);
    expect(await screen.findByText('Report dismissed')).toBeVisible();
    expect(await screen.findByText('No open reports: nothing waits for an admin.')).toBeVisible();
  });

  it('warns only with a note for the author', async () => {
    const user = userEvent.setup();
    served = [makeReport(1)];
    renderPanel();

    await user.click(within(await row(/post by bob/)).getByRole('button', { name: 'Warn' }));
    const dialog = screen.getByRole('dialog', { name: 'Warn bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send warning' }));
    expect(
      within(dialog).getByRole('textbox', { name: /Note to the author/ }),
    ).toHaveAccessibleDescription(/Please write it\./);
    expect(resolveBodies()).toEqual([]);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Note to the author/ }),
      '  Be kind. ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send warning' }));
    await waitFor(() => expect(resolveBodies()).toEqual([{ action: 'warn', note: 'Be kind.' }]));
  });

  it('suspends for the days chosen, or until lifted, with a reason', async () => {
    const user = userEvent.setup();
    served = [makeReport(1)];
    renderPanel();

    await user.click(within(await row(/post by bob/)).getByRole('button', { name: 'Suspend' }));
    let dialog = screen.getByRole('dialog', { name: 'Suspend bob?' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Duration' }), '30 days');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam links');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await row(/post by bob/)).getByRole('button', { name: 'Suspend' }));
    dialog = screen.getByRole('dialog', { name: 'Suspend bob?' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Duration' }),
      'Until lifted',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(resolveBodies()).toEqual([
        { action: 'suspend', note: 'Spam links', days: 30 },
        { action: 'suspend', note: 'Again' },
      ]),
    );
  });

  it("says the server's refusal inside the dialog, which stays open", async () => {
    const user = userEvent.setup();
    served = [makeReport(1)];
    resolveAnswer = () =>
      jsonResponse({
        status: 409,
        body: { message: REPORT_MESSAGES.alreadyResolved, code: 'REPORT_RESOLVED' },
      });
    renderPanel();

    await user.click(within(await row(/post by bob/)).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(REPORT_MESSAGES.alreadyResolved)).toBeVisible();
    expect(resolveBodies()).toEqual([{ action: 'remove' }]);
  });

  it('searches the reports of the chosen status once typing pauses', async () => {
    served = [
      makeReport(3, { status: 'resolved', action: 'remove' }),
      makeReport(2, { target: { type: 'user', id: 2, author: bob, excerpt: 'Bob Builder' } }),
    ];
    const user = userEvent.setup();
    renderPanel();
    await row(/Report of a member/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await user.type(screen.getByRole('searchbox', { name: /Search reports/ }), 'COINS');

    // The post's report shows while the member's has gone: the searched list has arrived.
    await waitFor(() => {
      expect(screen.getByRole('article', { name: /Report of a post/ })).toBeInTheDocument();
      expect(screen.queryByRole('article', { name: /member/ })).toBeNull();
    });
    // One request for the word, not one per letter.
    expect(listParams('q').filter((q) => q !== null)).toEqual(['COINS']);

    await user.clear(screen.getByRole('searchbox', { name: /Search reports/ }));
    await user.type(screen.getByRole('searchbox', { name: /Search reports/ }), 'nothing');
    expect(await screen.findByText('No reports match "nothing".')).toBeInTheDocument();
  });
});
