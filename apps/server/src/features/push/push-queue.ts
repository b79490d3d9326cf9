import type { FastifyBaseLogger } from 'fastify';
import type { BusMessage, NotificationSubject } from '../../plugins/events';

/** What to push to a member: groups of theirs that grew (by id or subject), messages to them. */
export type PushJob = {
  userId: number;
  groupIds: number[];
  subjects: NotificationSubject[];
  messageIds: number[];
};

/** Per member and kind within one window; the newest are kept (older ones are replaced by tag). */
const KEPT_MAX = 50;

const newest = <T>(items: T[]) => items.slice(-KEPT_MAX);

/** What a bus message brings a member's push, if anything. */
function newsOf(message: BusMessage): (Partial<PushJob> & { userId: number }) | null {
  if (message.kind === 'notifications') {
    const { userId, subject, grown } = message;
    if (subject) return { userId, subjects: [subject] };
    return grown?.length ? { userId, groupIds: grown } : null;
  }
  if (message.kind === 'event' && message.event.type === 'message:new') {
    const { id, receiverId } = message.event.data;
    return { userId: receiverId, messageIds: [id] };
  }
  return null;
}

/**
 * Gathers each member's news over a window, then hands each member's to `enqueue` together (one
 * job each). What is gathered lives in memory until the window closes: `flush` on closing hands
 * it over; a process killed in that second loses it, as it would lose the request.
 */
export function createPushQueue(
  enqueue: (job: PushJob) => Promise<void>,
  log: FastifyBaseLogger,
  gatherMs: number,
) {
  const gathered = new Map<number, PushJob>();
  let timer: NodeJS.Timeout | undefined;

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    const jobs = [...gathered.values()];
    gathered.clear();
    await Promise.all(
      jobs.map((job) =>
        enqueue(job).catch((err: unknown) =>
          log.warn({ err, userId: job.userId }, 'push: not queued'),
        ),
      ),
    );
  }

  return {
    /** Takes what a message posted by this process brings; a cheap no-op for any other. */
    hear(message: BusMessage) {
      const news = newsOf(message);
      if (!news) return;
      const job = gathered.get(news.userId) ?? {
        userId: news.userId,
        groupIds: [],
        subjects: [],
        messageIds: [],
      };
      job.groupIds = newest([...new Set([...job.groupIds, ...(news.groupIds ?? [])])]);
      job.subjects = newest([...job.subjects, ...(news.subjects ?? [])]);
      job.messageIds = newest([...job.messageIds, ...(news.messageIds ?? [])]);
      gathered.set(news.userId, job);
      timer ??= setTimeout(() => void flush(), gatherMs);
    },
    flush,
  };
}
