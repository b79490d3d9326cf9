import type { FastifyPluginAsync } from 'fastify';
import { createPushDelivery, PUSH_JOB } from './delivery';
import { createPushQueue, type PushJob } from './push-queue';
import { createPushSender } from './sender';
import { hasSubscription } from './subscriptions';
import type { VapidKeys } from './vapid-keys';

/** Attempts of one push: 30 s, 2, 8 and 32 minutes after the first, then it is dropped. */
const PUSH_ATTEMPTS = 5;

/**
 * Pushes leave through the job runner, never inside the request. Every process hears each
 * notification and message; only the one that posted it acts, so each is queued once. It
 * gathers a member's news for a moment (push-queue.ts), then asks whether the member has a
 * subscription at all (one read for the members of that moment) and queues a job only then.
 * The job decides the rest (types, switches) when it runs.
 */
const pushJob: FastifyPluginAsync<{ vapid: VapidKeys }> = async (app, { vapid }) => {
  const send = createPushSender(vapid, app.config.pushAllowPrivateHosts, app.log);
  app.jobs.handle(PUSH_JOB, createPushDelivery(app.db, send), { attempts: PUSH_ATTEMPTS });

  const queue = createPushQueue(
    async (job: PushJob) => {
      if (await hasSubscription(app.db, job.userId)) await app.jobs.add(PUSH_JOB, job);
    },
    app.log,
    app.config.pushGatherMs,
  );
  const unsubscribe = app.events.subscribe((message, origin) => {
    if (origin === 'here') queue.hear(message);
  });
  // Before the job runner stops (onClose hooks run last-registered first): what was gathered
  // is queued, and survives the restart.
  app.addHook('onClose', async () => {
    unsubscribe();
    await queue.flush();
  });
};
export default pushJob;
