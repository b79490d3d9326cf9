import type { WebSocket } from 'ws';
import type { Audience } from './events';

/** An authenticated socket; `alive` turns false at each heartbeat until the client's pong. */
export type Connection = { socket: WebSocket; userId: number; sessionId: string; alive: boolean };

/** The sockets this process holds, by member. */
export function createSocketRegistry() {
  const byUser = new Map<number, Set<Connection>>();
  const all = () => [...byUser.values()].flatMap((set) => [...set]);
  return {
    add(connection: Connection) {
      const set = byUser.get(connection.userId) ?? new Set();
      byUser.set(connection.userId, set.add(connection));
    },
    remove(connection: Connection) {
      const set = byUser.get(connection.userId);
      set?.delete(connection);
      if (set?.size === 0) byUser.delete(connection.userId);
    },
    all,
    audience(audience: Audience): Connection[] {
      if ('all' in audience) return all();
      return audience.flatMap((userId) => [...(byUser.get(userId) ?? [])]);
    },
    /** A member's sockets, or only those of one session. */
    sessionsOf(target: { userId: number; sessionId?: string }): Connection[] {
      return [...(byUser.get(target.userId) ?? [])].filter(
        (connection) => target.sessionId === undefined || connection.sessionId === target.sessionId,
      );
    },
  };
}
