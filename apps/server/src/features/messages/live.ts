import { WS_CLOSE, wsClientFrameSchema, type LiveEvent } from '@devplay/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { forbidden } from '../../lib/errors';
import { unreadCount } from './queries';
import { messagesSince } from './service';

const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;

/**
 * GET /api/ws (API.md): the first frame authenticates; then the server pushes the member's
 * events. Each process keeps only its own sockets; the event bus tells it whom to notify.
 */
const liveRoutes: FastifyPluginAsync = async (app) => {
  const sockets = new Map<number, Set<WebSocket>>();
  const send = (socket: WebSocket, event: LiveEvent) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  };

  const unsubscribe = app.events.subscribe(({ userIds, event }) => {
    for (const userId of userIds) sockets.get(userId)?.forEach((socket) => send(socket, event));
  });
  // Half-open connections (a phone that left the network) are found and closed.
  const heartbeat = setInterval(() => {
    for (const set of sockets.values()) {
      for (const socket of set) {
        if ((socket as WebSocket & { alive?: boolean }).alive === false) socket.terminate();
        else Object.assign(socket, { alive: false }).ping();
      }
    }
  }, HEARTBEAT_MS).unref();
  app.addHook('onClose', async () => {
    unsubscribe();
    clearInterval(heartbeat);
    for (const set of sockets.values())
      set.forEach((socket) => socket.close(1001, 'server shutting down'));
  });

  // Browsers always send Origin; a page on another site must not ride the member's session.
  const allowedOrigin = new URL(app.config.publicUrl).origin;
  const checkOrigin = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!origin || origin === allowedOrigin) return;
    const isLocalDev =
      app.config.env === 'development' && /^https?:\/\/localhost(:\d+)?$/.test(origin);
    if (!isLocalDev) throw forbidden('Origin not allowed');
  };

  app.get(
    '/ws',
    { websocket: true, preValidation: checkOrigin, schema: { hide: true } },
    (socket) => {
      let userId: number | null = null;
      const authTimer = setTimeout(
        () => socket.close(WS_CLOSE.unauthorized, 'no auth frame'),
        AUTH_TIMEOUT_MS,
      );
      let expiryTimer: NodeJS.Timeout | undefined;
      socket.on('pong', () => Object.assign(socket, { alive: true }));

      socket.once('message', async (raw) => {
        clearTimeout(authTimer);
        let frame;
        try {
          frame = wsClientFrameSchema.safeParse(JSON.parse(String(raw)));
        } catch {
          frame = null;
        }
        if (!frame?.success) return socket.close(WS_CLOSE.badFrame, 'expected an auth frame');
        const session = await app.authenticate(frame.data.token);
        if (!session || socket.readyState !== socket.OPEN)
          return socket.close(WS_CLOSE.unauthorized, 'unauthorized');

        userId = session.user.id;
        if (!sockets.has(userId)) sockets.set(userId, new Set());
        sockets.get(userId)!.add(socket);
        // The client refreshes its token and reconnects; a socket never outlives its token.
        expiryTimer = setTimeout(
          () => socket.close(WS_CLOSE.unauthorized, 'token expired'),
          session.expiresAt - Date.now(),
        );

        if (frame.data.lastSeenId !== undefined) {
          for (const message of await messagesSince(app.db, userId, frame.data.lastSeenId)) {
            send(socket, { type: 'message:new', data: message });
          }
        }
        send(socket, { type: 'unread:count', data: { count: await unreadCount(app.db, userId) } });
      });

      socket.on('close', () => {
        clearTimeout(authTimer);
        clearTimeout(expiryTimer);
        if (userId === null) return;
        const set = sockets.get(userId);
        set?.delete(socket);
        if (set?.size === 0) sockets.delete(userId);
      });
    },
  );
};
export default liveRoutes;
