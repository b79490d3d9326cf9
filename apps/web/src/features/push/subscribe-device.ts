import type { PushType } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { WORKER_URL } from '../../lib/app-worker';
import { devicePushSubscription } from '../../lib/device-push';
import { typesToSend } from './push-types';

/** Whether this browser can be pushed to at all (an insecure origin, or an old browser, cannot). */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  'serviceWorker' in navigator &&
  typeof PushManager !== 'undefined' &&
  typeof Notification !== 'undefined';

/** The VAPID key as the bytes `applicationServerKey` takes (it comes as base64url). */
function keyBytes(base64url: string) {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
    c.charCodeAt(0),
  );
}

/** The app's worker, registered now if the first idle moment has not come yet. */
async function workerRegistration() {
  if (!(await navigator.serviceWorker.getRegistration()))
    await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** Tells the server where to push this device, and for which kinds. */
async function sendSubscription(subscription: PushSubscription, types: PushType[]) {
  const { endpoint, keys } = subscription.toJSON();
  await api.call('subscribePush', {
    body: {
      endpoint: endpoint ?? subscription.endpoint,
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
      types: typesToSend(types),
    },
  });
}

/**
 * Subscribes this device (the browser has asked for permission already). A subscription the
 * server refused is dropped again, so the switch never shows on while nothing would arrive.
 */
export async function subscribeDevice(types: PushType[]) {
  const [{ publicKey }, registration] = await Promise.all([
    api.call('getPushKey'),
    workerRegistration(),
  ]);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  try {
    await sendSubscription(subscription, types);
  } catch (error) {
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
}

/** A new choice of kinds for a device already subscribed. */
export async function updateDeviceTypes(types: PushType[]) {
  const subscription = await devicePushSubscription();
  if (subscription) await sendSubscription(subscription, types);
}
