import type { LiveEvent } from '@devplay/shared';
import type { App } from '../app';

/** Polls until `check` holds; live events arrive asynchronously. */
export async function eventually(check: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A member's live socket on one server process, recording every event it receives. */
export async function connectLive(app: App, token: string, lastSeenId?: number) {
  const socket = await app.injectWS('/api/ws');
  const events: LiveEvent[] = [];
  const closed: { code?: number } = {};
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
  socket.on('close', (code) => (closed.code = code));
  socket.send(
    JSON.stringify({ type: 'auth', token, ...(lastSeenId !== undefined ? { lastSeenId } : {}) }),
  );
  // The server answers a good auth frame with the unread count.
  await eventually(
    () => events.some((e) => e.type === 'unread:count') || closed.code !== undefined,
  );
  return {
    events,
    closed,
    of: <T extends LiveEvent['type']>(type: T) =>
      events.filter((e): e is Extract<LiveEvent, { type: T }> => e.type === type),
    close: () => socket.terminate(),
  };
}
