import { api } from './api-client';

/** This device's push subscription, if the browser has one and the app's worker is in place. */
export async function devicePushSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Ends this device's pushes: the server forgets the endpoint, the browser drops the subscription.
 * The browser's half happens even when the server cannot be reached, so no push arrives for a
 * member who turned them off or signed out here (the push service then answers the server 410).
 */
export async function endDevicePush(subscription: PushSubscription) {
  try {
    await api.call('unsubscribePush', { body: { endpoint: subscription.endpoint } });
  } finally {
    await subscription.unsubscribe();
  }
}

/** Sign-out: this device stops receiving the member's pushes; never fails the sign-out. */
export async function endDevicePushOnSignOut() {
  const subscription = await devicePushSubscription().catch(() => null);
  if (subscription) await endDevicePush(subscription).catch(() => undefined);
}
