import type { BrowserContext, Page } from 'playwright-core';

type Device = { endpoint: string; keys: { p256dh: string; auth: string } };
/**
 * Headless Chromium reaches no push service: `PushManager` hands out a subscription to the test's
 * own push service (the receiver) instead, kept across reloads. Runs in the page before its code.
 */
export function subscribeToReceiver(device: Device) {
  const make = () =>
    ({
      endpoint: device.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: device.endpoint, keys: device.keys }),
      unsubscribe: async () => {
        localStorage.removeItem('e2e-push');
        return true;
      },
    }) as unknown as PushSubscription;
  PushManager.prototype.subscribe = async () => {
    localStorage.setItem('e2e-push', 'on');
    return make();
  };
  PushManager.prototype.getSubscription = async () =>
    localStorage.getItem('e2e-push') ? make() : null;
}

/** What the worker shows, read through its registration. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url: string }).url,
      tag: n.tag,
    }));
  });

/** The app registers its worker at the first idle moment; it takes the page over on activation. */
export const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null);

/**
 * Hands a payload to the worker as the push service would, over the DevTools protocol; headless
 * Chromium has no push service of its own.
 */
export async function pushDelivery(page: Page, origin: string) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return async (payload: unknown) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
}

/**
 * A click on the first notification shown, through the worker's own `notificationclick` handler:
 * headless Chromium draws no notification to click. The event is made here, so it carries no
 * user activation (the worker's `focus()` may be refused; it navigates all the same).
 */
export async function clickNotification(context: BrowserContext) {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker in the context');
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent: (event: Event) => boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    let handled: Promise<unknown> = Promise.resolve();
    const click = Object.assign(new Event('notificationclick'), {
      notification,
      waitUntil: (work: Promise<unknown>) => void (handled = work),
    });
    scope.dispatchEvent(click);
    await handled;
  });
}
