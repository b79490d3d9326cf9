import { AUTH_MESSAGES, ERROR_CODES } from '@devplay/shared';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { redisStoreWithFallback } from './rate-limit-store';

const MINUTE = 60_000;

/** Per client address; the numbers leave room for a person's typos but not for a script. */
export const RATE_LIMITS = {
  /**
   * Every sign-up attempt, refused or not: bounds probing which e-mails are taken. The SPEC's
   * 5 per 15 minutes counts accounts created (ACCOUNT_LIMITS.signUpsPerAddress), so a household
   * that mistypes a few times can still sign up.
   */
  signup: { max: 20, timeWindow: 15 * MINUTE },
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
 * live in Redis so every server process behind a balancer shares them; while Redis fails, each
 * process counts alone (rate-limit-store.ts).
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance, options: { enabled: boolean }) {
    if (!options.enabled) return;
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { store: redisStoreWithFallback(app.redis, app.log, 'devplay-rl:') } : {}),
      errorResponseBuilder: () =>
        new AppError(429, ERROR_CODES.rateLimited, AUTH_MESSAGES.tooManyRequests),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
