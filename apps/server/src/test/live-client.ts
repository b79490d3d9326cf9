import type { LiveEvent } from '@devplay/shared';
import type { App } from '../app';

/** Polls until `check` holds; live events arrive asynchronously. */
export async function eventually(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type Headers = Record<string, string>;

/** Where a reconnecting client resumes: the last message id, the newest notification time. */
type Resume = { lastSeenId?: number; notificationsSince?: string };

/** A member's live socket on one server process, recording every event it receives. */
export async function connectLive(
  app: App,
  token: string,
  resume?: number | Resume,
  headers: Headers = {},
) {
  const socket = await app.injectWS('/api/ws', { headers });
  const events: LiveEvent[] = [];
  const closed: { code?: number; reason?: string } = {};
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
  socket.on('close', (code, reason) => Object.assign(closed, { code, reason: String(reason) }));
  const frame = typeof resume === 'number' ? { lastSeenId: resume } : resume;
  socket.send(JSON.stringify({ type: 'auth', token, ...frame }));
  // The server answers a good auth frame with its greeting, whose last frame is the unread
  // notifications (messages' unread count comes first): a test counting frames from here on
  // must not count the greeting's tail.
  await eventually(
    () => events.some((e) => e.type === 'notifications:unread') || closed.code !== undefined,
  );
  return {
    socket,
    events,
    closed,
    of: <T extends LiveEvent['type']>(type: T) =>
      events.filter((e): e is Extract<LiveEvent, { type: T }> => e.type === type),
    close: () => socket.terminate(),
  };
}
export type LiveClient = Awaited<ReturnType<typeof connectLive>>;

/**
 * Resolves once `done` holds, checked as each frame reaches `live`: no timer, so it also works
 * while a test has frozen the clock.
 */
export function arrived(live: LiveClient, done: () => boolean) {
  return new Promise<void>((resolve) => {
    const check = () => {
      if (!done()) return;
      live.socket.off('message', check);
      resolve();
    };
    live.socket.on('message', check);
    check();
  });
}

let markers = 0;

/**
 * Resolves once `live` holds a frame the bus sent after every frame announced before the call:
 * one the server meant to send earlier would have arrived first, so its absence is now known.
 * The frame is an unread count no real one carries (negative).
 */
export async function caughtUp(app: App, live: LiveClient, userId: number) {
  const count = -++markers;
  await app.events.publish([userId], { type: 'unread:count', data: { count } });
  await arrived(live, () => live.of('unread:count').some((event) => event.data.count === count));
}

/** A frame as a client may send it: text, or binary when a Buffer. */
export type RawFrame = string | Buffer;

/**
 * Opens a socket, sends `frames` as they are, and resolves with the close code the server
 * chose; a socket still open after `timeoutMs` rejects, so a server that hangs fails the test.
 */
export async function closeCodeAfter(app: App, frames: RawFrame[], timeoutMs = 10_000) {
  const socket = await app.injectWS('/api/ws');
  const closed = new Promise<number>((resolve) => socket.on('close', resolve));
  for (const frame of frames) socket.send(frame, { binary: Buffer.isBuffer(frame) });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the server left the socket open')), timeoutMs);
  });
  try {
    return await Promise.race([closed, timeout]);
  } finally {
    clearTimeout(timer);
    socket.terminate();
  }
}
