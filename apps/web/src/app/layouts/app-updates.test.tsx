import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePushBrowser, fakeRegistration, removeServiceWorker } from '../../test/push-fakes';
import { AppUpdates } from './app-updates';

afterEach(() => {
  removeServiceWorker();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/** A built app (a development server has no worker to register). */
const built = () => vi.stubEnv('PROD', true);

describe('the new version banner', () => {
  it('registers the worker and says nothing while no new version waits', async () => {
    built();
    const browser = fakePushBrowser();
    render(<AppUpdates />);

    await waitFor(() =>
      expect(browser.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' }),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a new version is available and hands over to it on Reload', async () => {
    built();
    const user = userEvent.setup();
    const registration = fakeRegistration();
    const waiting = { postMessage: vi.fn() };
    registration.waiting = waiting;
    fakePushBrowser({ registration });
    render(<AppUpdates />);

    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('A new version is available');
    await user.click(screen.getByRole('button', { name: 'Reload' }));

    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' });
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveAttribute('aria-busy', 'true');
  });

  it('shows nothing for the first worker of a device: there is no old version to leave', async () => {
    built();
    const registration = fakeRegistration();
    registration.waiting = { postMessage: vi.fn() };
    const browser = fakePushBrowser({ registration });
    browser.container.controller = null;
    render(<AppUpdates />);

    await waitFor(() => expect(browser.container.register).toHaveBeenCalled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
