import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Me, Privacy } from '@devplay/shared';
import { sessionKeys, useSession } from '../../../lib/session';
import { makeMe } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { PrivacyCard } from './privacy-card';

const fetchMock = stubFetch({ signedIn: true });
let stored: Privacy;
let refuse: boolean;

beforeEach(() => {
  stored = { messagesFrom: 'everyone', transfersFrom: 'following' };
  refuse = false;
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe({ privacy: stored }) }),
    'PUT /api/me/privacy': (init) => {
      if (refuse) return jsonResponse({ status: 500, body: { message: 'Server error' } });
      stored = { ...stored, ...(JSON.parse(String(init?.body)) as Partial<Privacy>) };
      return jsonResponse({ body: stored });
    },
  });
});

/** The card as Settings draws it: from the signed-in member's privacy. */
function PrivacyOfMe() {
  const { me } = useSession();
  return me ? <PrivacyCard privacy={me.privacy} /> : null;
}

const group = (name: string) => screen.getByRole('group', { name });
const radio = (groupName: string, name: string) =>
  within(group(groupName)).getByRole('radio', { name });
const putBodies = () =>
  requestsTo(fetchMock, 'PUT /api/me/privacy').map(([, init]) => JSON.parse(String(init?.body)));

describe('the Privacy card', () => {
  it('shows who may message and pay the member, among the three audiences', async () => {
    renderWithApp(<PrivacyOfMe />);

    await screen.findByRole('group', { name: 'Who may message me' });
    const labels = within(group('Who may message me'))
      .getAllByRole('radio')
      .map((input) => input.closest('label')?.textContent);
    expect(labels).toEqual(['Everyone', 'People I follow', 'Nobody']);
    expect(radio('Who may message me', 'Everyone')).toBeChecked();
    expect(radio('Who may send me money', 'People I follow')).toBeChecked();
  });

  it('saves a choice as it is made, sending only that one, and keeps the saved value', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderWithApp(<PrivacyOfMe />);

    await screen.findByRole('group', { name: 'Who may message me' });
    await user.click(radio('Who may message me', 'Nobody'));
    expect(await screen.findByText('Privacy saved')).toBeInTheDocument();

    expect(putBodies()).toEqual([{ messagesFrom: 'nobody' }]);
    expect(radio('Who may message me', 'Nobody')).toBeChecked();
    expect(radio('Who may send me money', 'People I follow')).toBeChecked();
    expect(queryClient.getQueryData<Me>(sessionKeys.me())?.privacy).toEqual({
      messagesFrom: 'nobody',
      transfersFrom: 'following',
    });
  });

  it('puts the saved choice back and says so when saving fails', async () => {
    refuse = true;
    const user = userEvent.setup();
    renderWithApp(<PrivacyOfMe />);

    await screen.findByRole('group', { name: 'Who may send me money' });
    await user.click(radio('Who may send me money', 'Everyone'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Error saving privacy');
    await waitFor(() => expect(radio('Who may send me money', 'People I follow')).toBeChecked());
    expect(screen.queryByText('Privacy saved')).not.toBeInTheDocument();
  });
});
