import type { LiveEvent } from '@devplay/shared';
import { WebSocket } from 'ws';

/** A member's live socket, once the server has taken its auth frame; every event to `onEvent`. */
export async function listen(baseUrl: string, token: string, onEvent: (event: LiveEvent) => void) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.once('error', reject);
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as LiveEvent;
      // The server answers a good auth frame with the unread count.
      if (event.type === 'unread:count') resolve();
      onEvent(event);
    });
  });
  return socket;
}
