import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationSettings } from '@devplay/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { NotificationSettingsCard } from './notification-settings-card';

const fetchMock = stubFetch({ signedIn: true });
let stored: NotificationSettings;
let refuse: boolean;

beforeEach(() => {
  stored = {
    follow: true,
    like: false,
    comment: true,
    transfer: true,
    tournament: true,
    moderation: true,
    report: true,
    mention: true,
  };
  refuse = false;
  routeFetch(fetchMock, {
    'GET /api/notifications/settings': () => jsonResponse({ body: stored }),
    'PUT /api/notifications/settings': (init) => {
      if (refuse) return jsonResponse({ status: 500, body: { message: 'Server error' } });
      stored = { ...stored, ...(JSON.parse(String(init?.body)) as Partial<NotificationSettings>) };
      return jsonResponse({ body: stored });
    },
  });
});

const putBodies = () =>
  requestsTo(fetchMock, 'PUT /api/notifications/settings').map(([, init]) =>
    JSON.parse(String(init?.body)),
  );

describe('the notifications settings card', () => {
  it('shows one switch per kind, as the server has them', async () => {
    renderWithApp(<NotificationSettingsCard />);

    const names = [
      'New subscribers',
      'Likes',
      'Comments',
      'Money received',
      'Tournament',
      'Moderation',
      'Your reports',
      'Mentions',
    ];
    await screen.findAllByRole('switch');
    expect(screen.getAllByRole('switch')).toEqual(
      names.map((name) => screen.getByRole('switch', { name })),
    );
    expect(screen.getByRole('switch', { name: 'New subscribers' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Likes' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Likes' })).toHaveAccessibleDescription(
      'Someone likes your post',
    );
  });

  it('saves a switch as it moves, sending only that kind', async () => {
    const user = userEvent.setup();
    renderWithApp(<NotificationSettingsCard />);

    await user.click(await screen.findByRole('switch', { name: 'Likes' }));
    await user.click(screen.getByRole('switch', { name: 'Money received' }));

    await waitFor(() => expect(putBodies()).toEqual([{ like: true }, { transfer: false }]));
    expect(screen.getByRole('switch', { name: 'Likes' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Money received' })).not.toBeChecked();
    expect(stored.like && !stored.transfer).toBe(true);
  });

  it('moves a switch back and says so when saving fails', async () => {
    const user = userEvent.setup();
    refuse = true;
    renderWithApp(<NotificationSettingsCard />);

    await user.click(await screen.findByRole('switch', { name: 'Comments' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error saving notification settings',
    );
    expect(screen.getByRole('switch', { name: 'Comments' })).toBeChecked();
  });

  it('is a keyboard control: Space flips the focused switch', async () => {
    const user = userEvent.setup();
    renderWithApp(<NotificationSettingsCard />);
    const follow = await screen.findByRole('switch', { name: 'New subscribers' });

    follow.focus();
    await user.keyboard(' ');

    await waitFor(() => expect(putBodies()).toEqual([{ follow: false }]));
    expect(follow).not.toBeChecked();
  });
});
