import { WS_CLOSE } from '@devplay/shared';
import type { WebSocket } from 'ws';
import type { Audience } from './events';

/** An authenticated socket; `alive` turns false at each heartbeat until the client's pong. */
export type Connection = {
  socket: WebSocket;
  userId: number;
  sessionId: string;
  alive: boolean;
  /** Live frames that arrived while the socket's greeting was being sent, sent after it. */
  held?: Buffer[];
};

/** The sockets this process holds, by member. */
export function createSocketRegistry() {
  const byUser = new Map<number, Set<Connection>>();
  const all = () => [...byUser.values()].flatMap((set) => [...set]);
  return {
    /**
     * Adds a socket; when its member then holds more than `max`, their oldest ones leave the
     * registry at once (so a burst of new ones cannot count them twice) and are answered.
     */
    add(connection: Connection, max: number): Connection[] {
      const set = byUser.get(connection.userId) ?? new Set();
      byUser.set(connection.userId, set.add(connection));
      // A Set keeps insertion order: the first ones are the oldest.
      const evicted = [...set].slice(0, Math.max(0, set.size - max));
      for (const old of evicted) set.delete(old);
      return evicted;
    },
    remove(connection: Connection) {
      const set = byUser.get(connection.userId);
      set?.delete(connection);
      if (set?.size === 0) byUser.delete(connection.userId);
    },
    all,
    members: () => [...byUser.keys()],
    holds: (userId: number) => byUser.has(userId),
    audience(audience: Audience): Connection[] {
      if ('all' in audience) return all();
      return audience.flatMap((userId) => [...(byUser.get(userId) ?? [])]);
    },
    /**
     * Closes a member's sockets, or only those of one session, as their sessions ended: 4403 when
     * an admin suspended the member, else 4401.
     */
    endSessions(target: {
      userId: number;
      sessionId?: string;
      suspended?: boolean;
      reason?: string;
    }) {
      for (const { socket, sessionId } of [...(byUser.get(target.userId) ?? [])]) {
        if (target.sessionId !== undefined && sessionId !== target.sessionId) continue;
        if (target.suspended)
          socket.close(WS_CLOSE.suspended, target.reason ?? 'account suspended');
        else socket.close(WS_CLOSE.unauthorized, 'session ended');
      }
    },
  };
}

/** How many sockets, signed in or not, each client address holds on this process. */
export function createAddressCounter() {
  const counts = new Map<string, number>();
  return {
    /** Counts one more socket from `address`, unless it already holds `max`: answers whether. */
    tryAdd(address: string, max: number) {
      const count = counts.get(address) ?? 0;
      if (count >= max) return false;
      counts.set(address, count + 1);
      return true;
    },
    remove(address: string) {
      const count = (counts.get(address) ?? 1) - 1;
      if (count > 0) counts.set(address, count);
      else counts.delete(address);
    },
  };
}
