import { z } from 'zod';

/**
 * `degraded`: the database answers but Redis does not. The process still serves every request
 * (rate limits count per process, live events reach this process's sockets only), so a load
 * balancer keeps it in rotation: that is 200. Without the database nothing works: 503.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  db: z.enum(['ok', 'error']),
  redis: z.enum(['ok', 'error', 'off']),
});
