import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePushBrowser, fakeRegistration, removeServiceWorker } from '../test/push-fakes';
import { applyWaitingWorker, registerAppWorker } from './app-worker';

afterEach(() => {
  removeServiceWorker();
  vi.unstubAllGlobals();
});

const asRegistration = (fake: ReturnType<typeof fakeRegistration>) =>
  fake as unknown as ServiceWorkerRegistration;

describe('the app worker', () => {
  it('tells of a newer worker once it has installed and waits', async () => {
    const registration = fakeRegistration();
    fakePushBrowser({ registration });
    const onWaiting = vi.fn();
    await registerAppWorker(onWaiting);
    expect(onWaiting).not.toHaveBeenCalled();

    const installing = new EventTarget() as EventTarget & { state: string };
    installing.state = 'installing';
    registration.installing = installing as unknown as ServiceWorker;
    registration.fire('updatefound');
    installing.state = 'installed';
    registration.waiting = { postMessage: vi.fn() };
    installing.dispatchEvent(new Event('statechange'));

    expect(onWaiting).toHaveBeenCalledWith(registration);
  });

  it('reloads once when the new worker takes control', () => {
    const registration = fakeRegistration();
    registration.waiting = { postMessage: vi.fn() };
    const browser = fakePushBrowser({ registration });
    const reload = vi.fn();

    applyWaitingWorker(asRegistration(registration), reload);
    expect(reload).not.toHaveBeenCalled();
    browser.takeControl();
    browser.takeControl();

    expect(registration.waiting.postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
