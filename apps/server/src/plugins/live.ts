import {
  API_BASE,
  WS_CLOSE,
  wsClientFrameSchema,
  type LiveEvent,
  type WsClientFrame,
} from '@devplay/shared';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RawData, WebSocket } from 'ws';
import { forbidden } from '../lib/errors';
import type { Audience, BusMessage } from './events';
import { originAllowed } from './live-origin';
import { createAddressCounter, createSocketRegistry, type Connection } from './live-registry';

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

type LiveSend = (event: LiveEvent) => void;
type LiveContext = {
  userId: number;
  lastSeenId: number | undefined;
  notificationsSince: string | undefined;
};
type LiveHandler = (send: LiveSend, context: LiveContext) => Promise<void>;
type Live = {
  /**
   * Runs for each socket once it is authenticated, in the order registered: what it missed. Live
   * events for the socket wait until every handler has sent, so none is overtaken by an older read.
   */
  onAuthenticated: (handler: LiveHandler) => void;
  /**
   * Closes a member's sockets, or only those of one session, on every process, with 4401 and
   * 'session ended' (4403 for a suspension): the client's refresh then fails; it stays signed out.
   */
  disconnect: (target: Omit<Extract<BusMessage, { kind: 'disconnect' }>, 'kind'>) => Promise<void>;
  /** The members holding an authenticated socket on this process. */
  members: () => number[];
  /** Whether this member holds an authenticated socket on this process. */
  holds: (userId: number) => boolean;
  /**
   * Sends to this process's sockets only: for what each process works out for its own members
   * from one bus message (features/posts/live-feed.ts), instead of one bus message per member.
   */
  sendHere: (audience: Audience, event: LiveEvent) => void;
};

export type LiveOptions = {
  /** A socket that sent no auth frame by then is closed (4408). */
  authTimeoutMs?: number;
  /** Sockets a member may hold on one process; one more closes their oldest (4409). */
  maxSocketsPerMember?: number;
  /** Sockets, signed in or not, from one address on one process; one more is refused (4429). */
  maxSocketsPerAddress?: number;
};

/**
 * A member rarely has more than a few tabs and devices open; 10 leaves room and caps what one
 * account (its token shared around) can hold. 50 per address leaves room for a household or an
 * office behind one NAT, not for a script opening thousands. 10 s to authenticate is ample on
 * a slow phone; an idle socket that never speaks should not hold memory.
 */
const LIVE_DEFAULTS = { authTimeoutMs: 10_000, maxSocketsPerMember: 10, maxSocketsPerAddress: 50 };
const HEARTBEAT_MS = 30_000;
/** The one frame a client sends is the auth frame: a token of at most 4096 characters, an id. */
const MAX_FRAME_BYTES = 8 * 1024;

function readFrame(raw: RawData, isBinary: boolean): WsClientFrame | null {
  if (isBinary) return null;
  try {
    const parsed = wsClientFrameSchema.safeParse(JSON.parse(String(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const frameBytes = (raw: RawData) =>
  Array.isArray(raw) ? raw.reduce((sum, part) => sum + part.length, 0) : raw.byteLength;

/** A text frame already encoded: one event is serialised once, however many sockets hear it. */
function sendFrame(socket: WebSocket, frame: Buffer) {
  if (socket.readyState === socket.OPEN) socket.send(frame, { binary: false });
}

const frameOf = (event: LiveEvent) => Buffer.from(JSON.stringify(event));

/**
 * GET /api/ws (API.md), the one WebSocket: the first frame authenticates, then the server pushes
 * the member's events. Each process keeps only its own sockets; the event bus tells it whom to
 * notify. Features add what a socket receives on connecting through `onAuthenticated`.
 */
export default fp(
  async function livePlugin(app: FastifyInstance, options: LiveOptions) {
    const limits = { ...LIVE_DEFAULTS, ...options };
    const registry = createSocketRegistry();
    const addresses = createAddressCounter();
    const handlers: LiveHandler[] = [];

    const sendHere = (audience: Audience, event: LiveEvent) => {
      const connections = registry.audience(audience);
      if (connections.length === 0) return;
      const frame = frameOf(event);
      for (const connection of connections) {
        if (connection.held) connection.held.push(frame);
        else sendFrame(connection.socket, frame);
      }
    };
    const unsubscribe = app.events.subscribe((message: BusMessage) => {
      if (message.kind === 'disconnect') registry.endSessions(message);
      else if (message.kind === 'event') sendHere(message.audience, message.event);
    });

    // Half-open connections (a phone that left the network) are found and closed.
    const heartbeat = setInterval(() => {
      for (const connection of registry.all()) {
        if (!connection.alive) connection.socket.terminate();
        else {
          connection.alive = false;
          connection.socket.ping();
        }
      }
    }, HEARTBEAT_MS).unref();
    // Runs before @fastify/websocket's own preClose, which would close without a code.
    app.addHook('preClose', async () => {
      unsubscribe();
      clearInterval(heartbeat);
      for (const client of app.websocketServer.clients)
        client.close(WS_CLOSE.goingAway, 'server shutting down');
    });
    await app.register(websocket, {
      options: { maxPayload: MAX_FRAME_BYTES },
      // `ws` refuses a frame over maxPayload, a bad opcode or bad UTF-8 with its own close code;
      // the client chose to send it, so one line without a stack trace says so, not an error.
      errorHandler(error, socket, request) {
        const { code } = error as { code?: unknown };
        if (typeof code === 'string' && code.startsWith('WS_ERR_'))
          request.log.warn({ code, reason: error.message }, 'live socket: bad frame');
        else request.log.error({ err: error }, 'live socket failed');
        socket.terminate();
      },
    });

    const checkOrigin = async (request: FastifyRequest) => {
      if (!originAllowed(request.headers.origin, request.headers.host, app.config))
        throw forbidden('Origin not allowed');
    };

    app.get(
      `${API_BASE}/ws`,
      { websocket: true, preValidation: checkOrigin, schema: { hide: true } },
      (socket, request) => {
        const address = request.ip;
        if (!addresses.tryAdd(address, limits.maxSocketsPerAddress))
          return socket.close(WS_CLOSE.tooManySockets, 'too many sockets from this address');
        let frames = 0;
        let connection: Connection | undefined;
        let expiryTimer: NodeJS.Timeout | undefined;
        const authTimer = setTimeout(
          () => socket.close(WS_CLOSE.authTimeout, 'no auth frame in time'),
          limits.authTimeoutMs,
        );
        /** What a client sent wrong, in one line: never its content, never a stack trace. */
        const badFrame = (reason: string, raw: RawData) => {
          request.log.warn({ reason, bytes: frameBytes(raw) }, 'live socket: bad frame');
          socket.close(WS_CLOSE.badFrame, reason);
        };

        async function admit(frame: WsClientFrame) {
          const session = await app.authenticate(frame.token);
          if (socket.readyState !== socket.OPEN) return;
          if (!session) return socket.close(WS_CLOSE.unauthorized, 'unauthorized');
          const userId = session.user.id;
          // What the greeting reads may be older than a change announced meanwhile: that change's
          // frames wait and follow the greeting, so the newest state is the one left on screen.
          connection = { socket, userId, sessionId: session.sessionId, alive: true, held: [] };
          for (const oldest of registry.add(connection, limits.maxSocketsPerMember))
            oldest.socket.close(WS_CLOSE.replaced, 'too many sockets for this member');
          // The client refreshes its token and reconnects; a socket never outlives its token.
          expiryTimer = setTimeout(
            () => socket.close(WS_CLOSE.unauthorized, 'token expired'),
            session.expiresAt - Date.now(),
          );
          const { lastSeenId, notificationsSince } = frame;
          const context = { userId, lastSeenId, notificationsSince };
          const greeted = connection;
          try {
            for (const handler of handlers) {
              if (socket.readyState !== socket.OPEN) return;
              await handler((event) => sendFrame(socket, frameOf(event)), context);
            }
          } finally {
            const held = greeted.held ?? [];
            greeted.held = undefined;
            for (const frame of held) sendFrame(socket, frame);
          }
        }

        socket.on('message', (raw, isBinary) => {
          // The client speaks once; a frame after the auth frame breaks the protocol.
          if (++frames > 1) return badFrame('unexpected frame', raw);
          clearTimeout(authTimer);
          const frame = readFrame(raw, isBinary);
          if (!frame) return badFrame('expected an auth frame', raw);
          // Nothing may escape as an unhandled rejection: it would end the process.
          admit(frame).catch((err: unknown) => {
            request.log.error({ err }, 'live socket: admitting failed');
            socket.close(WS_CLOSE.serverFault, 'server error');
          });
        });
        socket.on('pong', () => {
          if (connection) connection.alive = true;
        });
        socket.on('close', () => {
          addresses.remove(address);
          clearTimeout(authTimer);
          clearTimeout(expiryTimer);
          if (connection) registry.remove(connection);
        });
      },
    );

    app.decorate('live', {
      onAuthenticated: (handler) => void handlers.push(handler),
      disconnect: (target) => app.events.post({ kind: 'disconnect', ...target }),
      members: registry.members,
      holds: registry.holds,
      sendHere,
    } satisfies Live);
  },
  { name: 'live', dependencies: ['auth', 'events'] },
);
