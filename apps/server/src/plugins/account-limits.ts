import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { attemptCounters } from '../db/schema/index';
import { tooManyRequests } from '../lib/errors';

/**
 * Limits per account, on top of the per-address ones: an attacker with many addresses still gets
 * only this many tries at one account's password or codes. Also the per-address limits
 * that count outcomes rather than requests, which @fastify/rate-limit cannot.
 */
export const ACCOUNT_LIMITS = {
  /** SPEC: 5 sign-ups per 15 minutes per client address, counting accounts created only. */
  signUpsPerAddress: { max: 5, windowMinutes: 15 },
  /** Failed sign-ins per e-mail; a correct password clears the count. */
  signInFailures: { max: 10, windowMinutes: 15 },
  /** Code entries per e-mail across new codes: asking for a new code does not buy more guesses. */
  codeGuesses: { max: 10, windowMinutes: 60 },
  /** Codes mailed per e-mail (sign-up, resend, forgot password). */
  codesIssued: { max: 5, windowMinutes: 60 },
  /**
   * Codes of a second factor tried per member: at sign-in across tickets (each new ticket costs
   * a right password), and with the password when the factors change.
   */
  secondFactorGuesses: { max: 10, windowMinutes: 15 },
  /** Current-password checks on PUT /me per member. */
  passwordChecks: { max: 5, windowMinutes: 15 },
  /** Images stored per member a day (post images and avatars), counted by `reserve`. */
  uploads: { max: 100, windowMinutes: 24 * 60 },
  /** Bytes of images written to disk per member a day, counted by `reserve`. */
  uploadBytes: { max: 200 * 1024 * 1024, windowMinutes: 24 * 60 },
  /**
   * Cities a member makes the server look up at Open-Meteo (cache misses only; a cached city costs
   * nothing), two calls each. A person changes city a few times an hour; Open-Meteo's free tier is
   * 600 calls a minute, 5,000 an hour and 10,000 a day for the whole server.
   */
  weatherLookups: { max: 30, windowMinutes: 60 },
} as const;
type AccountLimitName = keyof typeof ACCOUNT_LIMITS;

const CLEANUP_EVERY_MS = 60 * 60_000;
const LONGEST_WINDOW_MINUTES = Math.max(
  ...Object.values(ACCOUNT_LIMITS).map((l) => l.windowMinutes),
);

const keyOf = (name: AccountLimitName, subject: string | number) =>
  createHash('sha256').update(`${name}:${subject}`).digest('base64url');

function createAccountLimits(db: Db) {
  const windowOf = (name: AccountLimitName) => `${ACCOUNT_LIMITS[name].windowMinutes} minutes`;
  const windowEnded = (name: AccountLimitName) =>
    sql`${attemptCounters.windowStart} <= now() - ${windowOf(name)}::interval`;

  /**
   * Adds `amount` and answers the window's count, or undefined when `cap` is given and the
   * count would pass it (then nothing is added). One statement, so processes sharing the
   * database never both take the last unit.
   */
  async function add(name: AccountLimitName, subject: string | number, amount = 1, cap?: number) {
    const expired = windowEnded(name);
    const [row] = await db
      .insert(attemptCounters)
      .values({ key: keyOf(name, subject), count: amount })
      .onConflictDoUpdate({
        target: attemptCounters.key,
        set: {
          count: sql`case when ${expired} then ${amount}::int else ${attemptCounters.count} + ${amount}::int end`,
          windowStart: sql`case when ${expired} then now() else ${attemptCounters.windowStart} end`,
        },
        setWhere:
          cap === undefined
            ? undefined
            : sql`${expired} or ${attemptCounters.count} + ${amount}::int <= ${cap}::int`,
      })
      .returning({ count: attemptCounters.count });
    return row?.count;
  }
  const increment = async (name: AccountLimitName, subject: string | number) =>
    (await add(name, subject))!;

  return {
    /** Counts one attempt and refuses it (429) when it goes past the limit. */
    async consume(name: AccountLimitName, subject: string | number) {
      if ((await increment(name, subject)) > ACCOUNT_LIMITS[name].max) throw tooManyRequests();
    },
    /** Counts something done (`ensureAvailable` checked before): it is never refused afterwards. */
    async record(name: AccountLimitName, subject: string | number) {
      await increment(name, subject);
    },
    /** Refuses (429) when the window's attempts are used up, without counting this one. */
    async ensureAvailable(name: AccountLimitName, subject: string | number) {
      const [row] = await db
        .select({ count: attemptCounters.count })
        .from(attemptCounters)
        .where(
          sql`${attemptCounters.key} = ${keyOf(name, subject)} and not (${windowEnded(name)})`,
        );
      if (row && row.count >= ACCOUNT_LIMITS[name].max) throw tooManyRequests();
    },
    /**
     * Takes `amount` (bytes, say) from the window's allowance, `max` unless told otherwise;
     * answers false, taking nothing, when too little is left.
     */
    async reserve(
      name: AccountLimitName,
      subject: string | number,
      amount: number,
      max: number = ACCOUNT_LIMITS[name].max,
    ) {
      return amount <= max && (await add(name, subject, amount, max)) !== undefined;
    },
    /** Gives back what `reserve` took for something that was then not done. */
    async release(name: AccountLimitName, subject: string | number, amount: number) {
      await db
        .update(attemptCounters)
        .set({ count: sql`greatest(${attemptCounters.count} - ${amount}::int, 0)` })
        .where(
          sql`${attemptCounters.key} = ${keyOf(name, subject)} and not (${windowEnded(name)})`,
        );
    },
    async reset(name: AccountLimitName, subject: string | number) {
      await db.delete(attemptCounters).where(sql`${attemptCounters.key} = ${keyOf(name, subject)}`);
    },
    /** Forgets windows that ended; unknown e-mails would otherwise pile up. */
    async sweep() {
      await db
        .delete(attemptCounters)
        .where(
          lt(
            attemptCounters.windowStart,
            sql`now() - ${`${LONGEST_WINDOW_MINUTES} minutes`}::interval`,
          ),
        );
    },
  };
}
export type AccountLimits = ReturnType<typeof createAccountLimits>;

declare module 'fastify' {
  interface FastifyInstance {
    accountLimits: AccountLimits;
  }
}

/** RATE_LIMITS=off (load tests, benchmarks) lifts these limits too. */
const unlimited: AccountLimits = {
  consume: async () => {},
  record: async () => {},
  ensureAvailable: async () => {},
  reserve: async () => true,
  release: async () => {},
  reset: async () => {},
  sweep: async () => {},
};

export default fp(
  async function accountLimitsPlugin(app: FastifyInstance) {
    if (!app.config.rateLimits) {
      app.decorate('accountLimits', unlimited);
      return;
    }
    const limits = createAccountLimits(app.db);
    app.decorate('accountLimits', limits);
    const sweeper = setInterval(() => {
      limits.sweep().catch((err: unknown) => app.log.warn({ err }, 'attempt counter sweep failed'));
    }, CLEANUP_EVERY_MS).unref();
    app.addHook('onClose', async () => clearInterval(sweeper));
  },
  { name: 'account-limits', decorators: { fastify: ['db', 'config'] } },
);
