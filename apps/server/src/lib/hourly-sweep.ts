import type { FastifyInstance } from 'fastify';

const SWEEP_EVERY_MS = 60 * 60_000;
/** Soon after start-up, but out of the way of the first requests. */
const FIRST_SWEEP_AFTER_MS = 60_000;

/**
 * Runs `sweep` an hour apart, the first a minute after start-up, never two at once; closing the
 * app waits for a running one. `sweep` reports its own outcome: it must not reject.
 */
export function hourlySweep(app: FastifyInstance, sweep: () => Promise<void>) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= sweep().finally(() => (running = undefined));
  };
  const first = setTimeout(run, FIRST_SWEEP_AFTER_MS).unref();
  const every = setInterval(run, SWEEP_EVERY_MS).unref();
  // Before the database closes (onClose hooks run last-registered first).
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
