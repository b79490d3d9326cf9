import { z } from 'zod';

/**
 * `degraded`: the database answers but Redis does not, or the last mail could not be sent. The
 * process still serves every request (rate limits count per process, live events reach this
 * process's sockets only; codes can be asked for again), so a load balancer keeps it in rotation:
 * that is 200. Without the database nothing works: 503.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  db: z.enum(['ok', 'error']),
  redis: z.enum(['ok', 'error', 'off']),
  /** The running release (package.json), so an operator sees an upgrade took. */
  version: z.string(),
  /**
   * `log`: no SMTP_URL, mail is printed to the server's terminal, so the confirm page can say
   * where a code went. `error`: the last mail could not be sent, until one is.
   */
  mail: z.enum(['smtp', 'log', 'error']),
});
