import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { fakePushBrowser, fakeSubscription, removeServiceWorker } from '../../../test/push-fakes';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { PushSettingsCard } from './push-settings-card';

const fetchMock = stubFetch({ signedIn: true });
// The VAPID key as the server sends it (base64url), and the bytes it stands for.
const PUBLIC_KEY = 'BAEC_-8';
let refuse: boolean;

beforeEach(() => {
  refuse = false;
  routeFetch(fetchMock, {
    'GET /api/push/key': () => jsonResponse({ body: { publicKey: PUBLIC_KEY } }),
    'POST /api/push/subscriptions': () =>
      refuse
        ? jsonResponse({ status: 500, body: { message: 'Server error' } })
        : jsonResponse({
            status: 201,
            body: { message: 'Push notifications are on for this device.' },
          }),
    'DELETE /api/push/subscriptions': () =>
      jsonResponse({ body: { message: 'Push notifications are off for this device.' } }),
  });
});
afterEach(removeServiceWorker);

const bodiesOf = (key: string) =>
  requestsTo(fetchMock, key).map(([, init]) => JSON.parse(String(init?.body)));
const pushSwitch = () => screen.findByRole('switch', { name: 'Push notifications on this device' });

describe('push notifications on this device', () => {
  it('says so in a browser without push, with no switch to move', async () => {
    renderWithApp(<PushSettingsCard />);

    expect(await screen.findByText(/This browser cannot receive push notifications/)).toBeVisible();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('shows off without asking anything at load', async () => {
    const browser = fakePushBrowser();
    renderWithApp(<PushSettingsCard />);

    await waitFor(async () => expect(await pushSwitch()).toBeEnabled());
    expect(await pushSwitch()).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks permission on the click, subscribes with the key and sends every kind', async () => {
    const user = userEvent.setup();
    const browser = fakePushBrowser();
    renderWithApp(<PushSettingsCard />);

    await waitFor(async () => expect(await pushSwitch()).toBeEnabled());
    await user.click(await pushSwitch());

    await waitFor(async () => expect(await pushSwitch()).toBeChecked());
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.registration.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([4, 1, 2, 255, 239]);
    expect(bodiesOf('POST /api/push/subscriptions')).toEqual([
      {
        endpoint: 'https://push.example/device-1',
        keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        types: null,
      },
    ]);
    expect(screen.getByRole('group', { name: 'Push to this device for' })).toBeVisible();
  });

  it('sends the kinds left when one is unticked', async () => {
    const user = userEvent.setup();
    const browser = fakePushBrowser({ permission: 'granted' });
    browser.registration.pushManager.current = fakeSubscription();
    renderWithApp(<PushSettingsCard />);

    await user.click(await screen.findByRole('checkbox', { name: 'Likes' }));

    await waitFor(() => expect(bodiesOf('POST /api/push/subscriptions')).toHaveLength(1));
    const [{ types }] = bodiesOf('POST /api/push/subscriptions');
    expect(types).toContain('message');
    expect(types).not.toContain('like');
    expect(screen.getByRole('checkbox', { name: 'Likes' })).not.toBeChecked();
  });

  it('says how to allow notifications when the browser refuses them on the click', async () => {
    const user = userEvent.setup();
    fakePushBrowser({ answer: 'denied' });
    renderWithApp(<PushSettingsCard />);

    await waitFor(async () => expect(await pushSwitch()).toBeEnabled());
    await user.click(await pushSwitch());

    expect(await screen.findByText(/Notifications are blocked for DevPlay/)).toBeVisible();
    expect(await pushSwitch()).toBeDisabled();
    expect(await pushSwitch()).not.toBeChecked();
    expect(requestsTo(fetchMock, 'POST /api/push/subscriptions')).toHaveLength(0);
  });

  it('shows the refusal at load when notifications were blocked before', async () => {
    const browser = fakePushBrowser({ permission: 'denied' });
    renderWithApp(<PushSettingsCard />);

    expect(await screen.findByText(/set Notifications to Allow/)).toBeVisible();
    expect(await pushSwitch()).toBeDisabled();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('stays off and drops the subscription when the server refuses it', async () => {
    const user = userEvent.setup();
    refuse = true;
    const browser = fakePushBrowser();
    renderWithApp(<PushSettingsCard />);

    await waitFor(async () => expect(await pushSwitch()).toBeEnabled());
    await user.click(await pushSwitch());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Push notifications could not be changed. Please try again.',
    );
    expect(await pushSwitch()).not.toBeChecked();
    expect(browser.registration.pushManager.current?.unsubscribe).toHaveBeenCalled();
  });

  it('turns off: the server forgets the endpoint and the browser the subscription', async () => {
    const user = userEvent.setup();
    const browser = fakePushBrowser({ permission: 'granted' });
    const subscription = fakeSubscription();
    browser.registration.pushManager.current = subscription;
    renderWithApp(<PushSettingsCard />);

    await waitFor(async () => expect(await pushSwitch()).toBeChecked());
    await user.click(await pushSwitch());

    await waitFor(async () => expect(await pushSwitch()).not.toBeChecked());
    expect(bodiesOf('DELETE /api/push/subscriptions')).toEqual([
      { endpoint: 'https://push.example/device-1' },
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
