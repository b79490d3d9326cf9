import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '@devplay/shared';
import { PostFeed } from '../../features/posts/components/post-feed';
import { SafetyActionsProvider } from '../../features/safety/components/safety-menu';
import { bob, makeMe, makePost } from '../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../test/render';

const fetchMock = stubFetch({ signedIn: true });
const posts: Post[] = [
  makePost({ id: 10, title: 'By Bob', author: bob }),
  makePost({ id: 30, title: 'By Ada', author: makeMe() }),
];
let blocked: boolean;
let reportAnswer: () => Response;

beforeEach(() => {
  blocked = false;
  reportAnswer = () => jsonResponse({ status: 201, body: { id: 1, status: 'open' } });
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe() }),
    'GET /api/posts': () =>
      jsonResponse({
        body: { items: posts.filter((p) => !blocked || p.author.id !== bob.id), nextCursor: null },
      }),
    'POST /api/report': () => reportAnswer(),
    'POST /api/block': () => {
      blocked = true;
      return jsonResponse({ body: { blocked: true } });
    },
  });
});

const bodiesOf = (key: string) =>
  requestsTo(fetchMock, key).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function openReport() {
  const user = userEvent.setup();
  renderWithApp(
    <SafetyActionsProvider>
      <PostFeed />
    </SafetyActionsProvider>,
  );
  await user.click(
    await screen.findByRole('button', { name: 'More actions for the post by @bob' }),
  );
  await user.click(screen.getByRole('menuitem', { name: 'Report post' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Report a post by @bob' }) };
}

describe('reporting a post from its menu', () => {
  it('asks for a reason first: without one nothing is sent', async () => {
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));

    expect(within(dialog).getByText('Please choose a reason.')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('group', { name: 'Why are you reporting it?' }),
    ).toHaveAccessibleDescription('Please choose a reason.');
    expect(requestsTo(fetchMock, 'POST /api/report')).toHaveLength(0);
  });

  it('sends the reason and the trimmed note, thanks, and blocks when offered', async () => {
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await user.type(
      within(dialog).getByLabelText(/Anything an admin should know/),
      '  keeps insulting me  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));

    const thanks = await screen.findByRole('dialog', { name: 'Thanks — an admin will review it.' });
    expect(bodiesOf('POST /api/report')).toEqual([
      { targetType: 'post', targetId: 10, reason: 'harassment', text: 'keeps insulting me' },
    ]);
    expect(within(thanks).getByText('Do you also want to block @bob?')).toBeInTheDocument();
    await user.click(within(thanks).getByRole('button', { name: 'Block @bob' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf('POST /api/block')).toEqual([{ username: 'bob' }]);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'By Bob' })).not.toBeInTheDocument(),
    );
  });

  it('"Not now" closes the thanks without blocking', async () => {
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    const thanks = await screen.findByRole('dialog', { name: 'Thanks — an admin will review it.' });
    await user.click(within(thanks).getByRole('button', { name: 'Not now' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesOf('POST /api/report')).toEqual([
      { targetType: 'post', targetId: 10, reason: 'spam' },
    ]);
    expect(requestsTo(fetchMock, 'POST /api/block')).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'By Bob' })).toBeInTheDocument();
  });

  it("says the server's refusal inside the dialog and keeps what was written", async () => {
    reportAnswer = () =>
      jsonResponse({
        status: 429,
        body: { message: 'Too many requests, please try again later.' },
      });
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Scam' }));
    await user.type(within(dialog).getByLabelText(/Anything an admin should know/), 'fake shop');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));

    expect(
      await within(dialog).findByText('Too many requests, please try again later.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Scam' })).toBeChecked();
    expect(within(dialog).getByLabelText(/Anything an admin should know/)).toHaveValue('fake shop');
  });

  it('refuses a note past 1,000 characters before it is sent', async () => {
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const note = within(dialog).getByLabelText(/Anything an admin should know/);
    await user.click(note);
    await user.paste('x'.repeat(1001));

    expect(within(dialog).getByRole('button', { name: 'Report' })).toBeDisabled();
    expect(within(dialog).getByText('1001/1000')).toBeInTheDocument();
  });
});
