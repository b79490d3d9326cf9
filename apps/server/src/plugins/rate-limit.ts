import { AUTH_MESSAGES, ERROR_CODES } from '@devplay/shared';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors';

const MINUTE = 60_000;

/** Per client address; the numbers leave room for a person's typos but not for a script. */
export const RATE_LIMITS = {
  signup: { max: 5, timeWindow: 15 * MINUTE },
  signin: { max: 10, timeWindow: MINUTE },
  verify: { max: 10, timeWindow: 15 * MINUTE },
  resendCode: { max: 3, timeWindow: 15 * MINUTE },
  forgotPassword: { max: 5, timeWindow: 15 * MINUTE },
  resetPassword: { max: 10, timeWindow: 15 * MINUTE },
  refresh: { max: 60, timeWindow: MINUTE },
  post: { max: 10, timeWindow: MINUTE },
  upload: { max: 20, timeWindow: MINUTE },
  comment: { max: 30, timeWindow: MINUTE },
  message: { max: 60, timeWindow: MINUTE },
  transaction: { max: 30, timeWindow: MINUTE },
} as const;

/**
 * Limits apply only to routes that name one (`config.rateLimit`). With REDIS_URL the counters
 * live in Redis so every server process behind a balancer shares them.
 */
export default fp(async function rateLimitPlugin(
  app: FastifyInstance,
  options: { enabled: boolean; redisUrl?: string },
) {
  if (!options.enabled) return;
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'devplay-rl:',
    errorResponseBuilder: () =>
      new AppError(429, ERROR_CODES.rateLimited, AUTH_MESSAGES.tooManyRequests),
  });
});
