import type { FastifyPluginAsync } from 'fastify';
import type { BusMessage } from '../../plugins/events';
import { createPushDelivery, PUSH_JOB, type PushJob } from './delivery';
import { createPushSender } from './sender';
import { hasSubscription } from './subscriptions';
import type { VapidKeys } from './vapid-keys';

/** Attempts of one push: 30 s, 2, 8 and 32 minutes after the first, then it is dropped. */
const PUSH_ATTEMPTS = 5;

/** A notification that started or grew, or a message, as a push to its member (else null). */
function pushJobOf(message: BusMessage): PushJob | null {
  if (message.kind === 'notifications') {
    const { userId, subject, grown } = message;
    if (subject) return { userId, subject };
    return grown?.length ? { userId, groupIds: grown } : null;
  }
  if (message.kind === 'event' && message.event.type === 'message:new') {
    const { id, receiverId } = message.event.data;
    return { userId: receiverId, messageId: id };
  }
  return null;
}

/**
 * Pushes leave through the job runner, never inside the request: the process that posted a
 * notification or a message on the bus (every process hears it; only the poster acts, so it is
 * queued once) asks whether the member has a subscription at all, one read for the turn's
 * questions, and queues a job only then. The job decides the rest (types, switches) when it runs.
 */
const pushJob: FastifyPluginAsync<{ vapid: VapidKeys }> = async (app, { vapid }) => {
  const send = createPushSender(vapid, app.config.pushAllowPrivateHosts);
  app.jobs.handle(PUSH_JOB, createPushDelivery(app.db, send), { attempts: PUSH_ATTEMPTS });

  async function queue(job: PushJob) {
    if (await hasSubscription(app.db, job.userId)) await app.jobs.add(PUSH_JOB, job);
  }
  const unsubscribe = app.events.subscribe((message, origin) => {
    const job = origin === 'here' ? pushJobOf(message) : null;
    if (job)
      queue(job).catch((err: unknown) =>
        app.log.warn({ err, userId: job.userId }, 'push: not queued'),
      );
  });
  app.addHook('onClose', async () => unsubscribe());
};
export default pushJob;
