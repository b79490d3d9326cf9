import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOURNAMENT_MESSAGES } from '@devplay/shared';
import { bob, makeUser } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ParticipantsPanel } from './participants-panel';

const fetchMock = stubFetch({ signedIn: true });
const carol = makeUser(3, { username: 'carol', fullName: 'Carol Danvers' });

function serve({ removeAnswer }: { removeAnswer?: () => Response } = {}) {
  let participants = [carol];
  routeFetch(fetchMock, {
    'GET /api/tournament-users': () => jsonResponse({ body: participants }),
    'POST /api/tournament-users': () => {
      participants = [...participants, bob];
      return jsonResponse({ status: 201, body: bob });
    },
    'DELETE /api/tournament-users/3': () => {
      const answer = removeAnswer?.() ?? jsonResponse({ body: { message: 'Participant removed' } });
      if (answer.ok) participants = participants.filter((entry) => entry.id !== 3);
      return answer;
    },
  });
}

const list = () => screen.getByRole('list', { name: /participant/ });

describe('ParticipantsPanel', () => {
  it('lists the participants for every member, with nothing to change', async () => {
    serve();
    renderWithApp(<ParticipantsPanel canEdit={false} search={vi.fn()} />);

    expect(await screen.findByRole('heading', { name: '1 participant' })).toBeInTheDocument();
    expect(within(list()).getByText('Carol Danvers')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('lets an admin add a member found by search', async () => {
    serve();
    const search = vi.fn(() => Promise.resolve([bob]));
    const user = userEvent.setup();
    renderWithApp(<ParticipantsPanel canEdit search={search} />);

    await user.type(await screen.findByRole('combobox', { name: 'Add a participant' }), 'bo');
    await user.click(await screen.findByRole('option', { name: /Bob Builder/ }));

    expect(await screen.findByRole('heading', { name: '2 participants' })).toBeInTheDocument();
    expect(within(list()).getByText('Bob Builder')).toBeInTheDocument();
    expect(
      JSON.parse(String(requestsTo(fetchMock, 'POST /api/tournament-users')[0]?.[1]?.body)),
    ).toEqual({
      userId: bob.id,
    });
  });

  it("asks before removing a participant, and says the server's 409 in the question", async () => {
    let refuse = true;
    serve({
      removeAnswer: () =>
        refuse
          ? jsonResponse({
              status: 409,
              body: {
                message: TOURNAMENT_MESSAGES.participantInBracket,
                code: 'PARTICIPANT_IN_BRACKET',
              },
            })
          : jsonResponse({ body: { message: TOURNAMENT_MESSAGES.participantRemoved } }),
    });
    const user = userEvent.setup();
    renderWithApp(<ParticipantsPanel canEdit search={vi.fn()} />);

    const removing = () => requestsTo(fetchMock, `DELETE /api/tournament-users/${carol.id}`);
    await user.click(await screen.findByRole('button', { name: 'Remove carol' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove carol from the tournament?' });
    expect(removing()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(removing()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove carol' }));
    dialog = screen.getByRole('dialog', { name: 'Remove carol from the tournament?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await within(dialog).findByText(TOURNAMENT_MESSAGES.participantInBracket),
    ).toBeInTheDocument();
    expect(within(list()).getByText('Carol Danvers')).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Carol Danvers')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(removing()).toHaveLength(2);
  });
});
