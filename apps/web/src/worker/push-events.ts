import { worker } from './scope';

/** What the server sends in a push (API.md "Push."). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** A chat's address (PAGE_PATTERNS.chat); the worker carries no app code, so it is written here. */
const CHAT_PATH = /^\/message\/[^/?]+$/;

/** Only addresses of this app: a push cannot send a click elsewhere. */
function ownAddress(url: unknown) {
  const { origin } = worker.location;
  const address = new URL(typeof url === 'string' ? url : '/home_page', origin);
  return address.origin === origin ? `${address.pathname}${address.search}` : '/home_page';
}

function payloadOf(data: PushMessageData | null): PushPayload | null {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    if (!value || typeof value.title !== 'string') return null;
    return {
      title: value.title,
      body: typeof value.body === 'string' ? value.body : '',
      url: ownAddress(value.url),
      tag: typeof value.tag === 'string' ? value.tag : '',
    };
  } catch {
    return null;
  }
}

/** The app's tabs; only those this worker controls can be sent elsewhere by it. */
const windows = (includeUncontrolled: boolean) =>
  worker.clients.matchAll({ type: 'window', includeUncontrolled });

/** A message for the chat the member has open and looks at: the chat shows it already. */
async function seenInOpenChat(url: string) {
  // Asked for every push, a chat's or not, so pushes are shown in the order they came.
  const tabs = await windows(true);
  const shown = url.replace(/\/$/, '');
  return (
    CHAT_PATH.test(shown) &&
    tabs.some(
      (client) => client.focused && new URL(client.url).pathname.replace(/\/$/, '') === shown,
    )
  );
}

async function showPush(payload: PushPayload) {
  if (await seenInOpenChat(payload.url)) return;
  const options: NotificationOptions & { renotify?: boolean } = {
    body: payload.body,
    icon: '/icon-192.png',
    badge: '/badge-96.png',
    data: { url: payload.url },
  };
  if (payload.tag) {
    // A growing group replaces its notification, and still tells the member it grew.
    options.tag = payload.tag;
    options.renotify = true;
  }
  await worker.registration.showNotification(payload.title, options);
}

/** The click: an open tab of the app goes to the subject's page and comes forward, else a new one. */
async function openFromNotification(url: string) {
  const tabs = await windows(false);
  const tab = tabs.find((client) => client.focused) ?? tabs[0];
  if (!tab) {
    await worker.clients.openWindow(url);
    return;
  }
  // The click lets the worker bring a tab forward; should the browser refuse, it still goes there.
  const focused = await tab.focus().catch(() => tab);
  if (!(await focused.navigate(url).catch(() => null))) await worker.clients.openWindow(url);
}

export function listenForPushes() {
  worker.addEventListener('push', (event) => {
    const payload = payloadOf(event.data);
    if (payload) event.waitUntil(showPush(payload));
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = (event.notification.data as { url?: unknown } | null)?.url;
    event.waitUntil(openFromNotification(typeof url === 'string' ? url : '/home_page'));
  });
}
