import { vi } from 'vitest';

/** A browser's push subscription as `PushManager` hands it out. */
export function fakeSubscription(endpoint = 'https://push.example/device-1') {
  return {
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }),
    unsubscribe: vi.fn(async () => true),
  };
}
type FakeSubscription = ReturnType<typeof fakeSubscription>;

/** A service worker registration, waiting worker and all, for `registerAppWorker`. */
export function fakeRegistration() {
  const listeners = new Map<string, () => void>();
  const pushManager = {
    current: null as FakeSubscription | null,
    getSubscription: vi.fn(async () => pushManager.current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      pushManager.current = fakeSubscription();
      return pushManager.current;
    }),
  };
  return {
    pushManager,
    waiting: null as { postMessage: (message: unknown) => void } | null,
    installing: null as ServiceWorker | null,
    addEventListener: (type: string, listener: () => void) => void listeners.set(type, listener),
    fire: (type: string) => listeners.get(type)?.(),
  };
}

/**
 * Puts a service worker container, PushManager and Notification (with the permission the test
 * gives) into jsdom, which has none of them; returns what the test steers. Undone by
 * `vi.unstubAllGlobals()` and `removeServiceWorker()`.
 */
export function fakePushBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  registration = fakeRegistration(),
} = {}) {
  const controllerListeners: (() => void)[] = [];
  const container = {
    controller: {} as ServiceWorker | null,
    getRegistration: vi.fn(async () => registration),
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'controllerchange') controllerListeners.push(listener);
    },
  };
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification {
    static permission = permission;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return {
    container,
    registration,
    requestPermission,
    takeControl: () => controllerListeners.forEach((listener) => listener()),
  };
}

export function removeServiceWorker() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'isSecureContext');
}
