import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * A process's messages that did not reach the others while Redis was away. An outage is two lines
 * of log however long it lasts (a warning per message, stack and all, was 190 KB in 75 s): one
 * when the first message fails, with the error's message, and one with the count when publishing
 * works again.
 */
export function createOutageCount(log: FastifyBaseLogger) {
  let undelivered = 0;
  return {
    missed(err: unknown) {
      if (undelivered++ === 0)
        log.warn(
          { error: err instanceof Error ? err.message : String(err) },
          'event bus: Redis unreachable; live events reach only the sockets of the process they happen on until it is back',
        );
    },
    /** Publishing works again: whether messages were missed meanwhile, said once with their count. */
    ended() {
      if (undelivered === 0) return false;
      log.warn(
        { undelivered },
        `event bus: Redis is back; ${undelivered} messages did not reach the other processes, whose sockets are told to read again`,
      );
      undelivered = 0;
      return true;
    },
  };
}

/**
 * Calls `resubscribed` each time the subscriber is subscribed to `channel` again after losing its
 * connection (or after a start-up without Redis): what was published meanwhile never reached it.
 * ioredis subscribes again by itself on reconnecting; the channel is asked for once more here, as
 * its answer is the one sign that messages flow again.
 */
export function onResubscribed(subscriber: Redis, channel: string, resubscribed: () => void) {
  let dropped = false;
  subscriber.on('close', () => (dropped = true));
  subscriber.on('ready', () => {
    if (!dropped) return;
    dropped = false;
    subscriber.subscribe(channel).then(resubscribed, () => {
      // Dropped again before the answer: its 'close' set `dropped`, and the next 'ready' tries.
    });
  });
}
