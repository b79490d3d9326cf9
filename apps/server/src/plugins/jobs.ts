import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { addJob, claimJob, failJob, finishJob, nextDueAt } from '../db/jobs';
import type { JobRow } from '../db/schema/index';

/** How a job's first attempt went, when this process made it at once. */
type FirstAttempt = 'done' | 'failed' | 'elsewhere';
/** Which attempt a handler makes: on the last, a failure is final and its cleanup is due. */
export type Attempt = { last: boolean };
type Handler = (payload: never, attempt: Attempt) => Promise<void>;

export type Jobs = {
  /** What a kind of job does; every process registers every kind at start-up. */
  handle<P>(
    kind: string,
    handler: (payload: P, attempt: Attempt) => Promise<void>,
    options?: { attempts?: number },
  ): void;
  /**
   * Stores the job (it survives a restart from here on) and makes its first attempt at once;
   * `firstAttempt` tells how that went. Retries follow with backoff until the kind's attempts run
   * out.
   */
  add(kind: string, payload: unknown): Promise<{ firstAttempt: Promise<FirstAttempt> }>;
  /**
   * Stores the job in `tx`, a transaction of the caller's, so that it exists exactly when the
   * rest of that transaction does. No process can see it before the commit: `start` makes its
   * first attempt once the caller has committed; a job never started waits for the next poll.
   */
  addIn(tx: Db, kind: string, payload: unknown): Promise<{ start: () => Promise<FirstAttempt> }>;
  /** Resolves once every attempt running in this process has ended (tests read mail after it). */
  settled(): Promise<void>;
};

const JOB_TIMINGS = {
  /** A job whose process stopped mid-attempt can be claimed again after this. */
  leaseMs: 10 * 60_000,
  /** Jobs another process added and could not run: looked for this often. */
  pollMs: 60_000,
  /** 30 s, 2 min, 8 min, 32 min, then hourly. */
  backoffMs: (attempts: number) => Math.min(30_000 * 4 ** (attempts - 1), 60 * 60_000),
  defaultAttempts: 10,
  /** Closing waits this long for running attempts; one still hanging is left to its lease. */
  closeWaitMs: 10_000,
};

function createJobs(db: Db, log: FastifyBaseLogger) {
  const kinds = new Map<string, { handler: Handler; attempts: number }>();
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let draining: Promise<void> | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;

  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };

  async function run(job: JobRow): Promise<'done' | 'failed'> {
    const kind = kinds.get(job.kind);
    const last = job.attempts >= (kind?.attempts ?? JOB_TIMINGS.defaultAttempts);
    try {
      if (!kind) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await kind.handler(job.payload as never, { last });
      await finishJob(db, job.id);
      return 'done';
    } catch (err) {
      const retryInMs = last ? null : JOB_TIMINGS.backoffMs(job.attempts);
      log.warn(
        { err, jobId: job.id, kind: job.kind, attempt: job.attempts, retryInMs },
        'job failed',
      );
      await failJob(db, job.id, err instanceof Error ? err.message : String(err), retryInMs);
      if (retryInMs !== null) wakeAt(Date.now() + retryInMs);
      return 'failed';
    }
  }

  /** Runs every due job, one at a time, then sleeps until the next one is due. */
  async function drain() {
    while (!stopped) {
      const job = await claimJob(db, JOB_TIMINGS.leaseMs);
      if (!job) break;
      await run(job);
    }
    const next = stopped ? null : await nextDueAt(db);
    if (next) wakeAt(next.getTime());
  }

  function wake() {
    if (stopped) return;
    draining ??= track(
      drain()
        .catch((err: unknown) => log.error({ err }, 'could not run the waiting jobs'))
        .finally(() => (draining = undefined)),
    );
  }

  function wakeAt(time: number) {
    clearTimeout(wakeTimer);
    wakeTimer = setTimeout(wake, Math.max(0, time - Date.now())).unref();
  }

  const poll = setInterval(wake, JOB_TIMINGS.pollMs).unref();

  const firstAttemptOf = (id: number, kind: string) =>
    track(
      (async (): Promise<FirstAttempt> => {
        const job = await claimJob(db, JOB_TIMINGS.leaseMs, id);
        return job ? run(job) : 'elsewhere';
      })().catch((err: unknown) => {
        log.error({ err, jobId: id, kind }, 'could not make a job’s first attempt');
        return 'failed' as const;
      }),
    );

  const jobs: Jobs = {
    handle(kind, handler, { attempts = JOB_TIMINGS.defaultAttempts } = {}) {
      kinds.set(kind, { handler: handler as Handler, attempts });
    },
    async add(kind, payload) {
      const id = await addJob(db, kind, payload);
      return { firstAttempt: firstAttemptOf(id, kind) };
    },
    async addIn(tx, kind, payload) {
      const id = await addJob(tx, kind, payload);
      return { start: () => firstAttemptOf(id, kind) };
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };

  return {
    jobs,
    /** Jobs left by a stopped process, or due while none ran, start once the app is ready. */
    start: wake,
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(wakeTimer);
      const waited = new AbortController();
      await Promise.race([
        Promise.allSettled([...inFlight]),
        sleep(JOB_TIMINGS.closeWaitMs, undefined, { signal: waited.signal }).catch(() => {}),
      ]);
      waited.abort();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export default fp(
  async function jobsPlugin(app: FastifyInstance) {
    const runner = createJobs(app.db, app.log);
    app.decorate('jobs', runner.jobs);
    app.addHook('onReady', async () => runner.start());
    // Before the database closes (onClose hooks run last-registered first).
    app.addHook('onClose', () => runner.stop());
  },
  { name: 'jobs', decorators: { fastify: ['db'] } },
);
