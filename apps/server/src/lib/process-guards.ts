import type { FastifyBaseLogger } from 'fastify';

type GuardedProcess = Pick<NodeJS.Process, 'on' | 'exit'>;

/**
 * A promise nobody awaited that rejects (a listener's async callback, a fire-and-forget task)
 * ends Node by default. Its work is lost either way, so it is logged and the process goes on
 * serving everyone else. An exception thrown synchronously out of a callback, though, may have
 * left state half-changed: that process is not trusted any more, so it logs and exits for its
 * supervisor (systemd, a container restart policy) to start a fresh one.
 */
export function guardProcess(log: FastifyBaseLogger, target: GuardedProcess = process) {
  target.on('unhandledRejection', (reason: unknown) => {
    log.error({ err: reason }, 'unhandled promise rejection; still serving');
  });
  target.on('uncaughtException', (error: Error) => {
    log.fatal({ err: error }, 'uncaught exception; exiting for a restart');
    target.exit(1);
  });
}
