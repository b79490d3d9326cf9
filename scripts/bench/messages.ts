/**
 * `npm run bench:messages [-- --quick]`: 20 pairs of members; in each pair one sends messages
 * through the API one after another while the other's WebSocket listens. Latency is from the send
 * (POST) to the receiver's `message:new` event. On one server process, then (PostgreSQL and
 * REDIS_URL) with each sender on one process and each receiver on another. Every event is counted
 * by message id: none may be lost, duplicated or unknown.
 */
import { randomUUID } from 'node:crypto';
import { forEachDatabase } from './database';
import { listen } from './live-socket';
import { withBaseline } from './measure';
import { runBench } from './options';
import { createPoster } from './post-json';
import { BenchReport, latency, rate, type Baselined } from './report';
import { seedUsers, signInAll } from './seed';
import { startBenchServer } from './server';
import { summarize } from './stats';

const PAIRS = 20;
/** How long the last events may take to arrive after the last send was answered. */
const DELIVERY_WAIT_MS = 10_000;

/** The paced rows' offered load: each pair sends on a schedule, answered or not. */
const PACED_PER_SECOND = 1_000;

const ONE = `message send → receiver's event (${PAIRS} pairs)`;
const TWO = `${ONE}, across two processes (Redis)`;
const paced = (row: string) =>
  row.replace(
    `(${PAIRS} pairs)`,
    `at ${PACED_PER_SECOND.toLocaleString('en-US')} messages/s (${PAIRS} pairs)`,
  );

type Members = { ids: number[]; tokens: string[] };

/**
 * Pair p: member 2p sends to member 2p+1, one message after another: each as soon as the last
 * was answered, or, with `perSecond`, each at its turn in a schedule that spreads that many
 * messages a second over the pairs. A scheduled message's latency counts from its turn, not from
 * when it left, so a server that falls behind shows it (no coordinated omission).
 */
async function exchange(
  senderUrl: string,
  receiverUrl: string,
  members: Members,
  messagesPerPair: number,
  perSecond?: number,
) {
  // Other runs may share this Redis channel: only texts with this run's tag are ours.
  const tag = randomUUID();
  const sentAt = new Map<string, number>();
  const idOfText = new Map<string, number>();
  const copies = new Map<number, number>();
  const textOfEvent = new Map<number, string>();
  const latencies: number[] = [];
  const sockets = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    const socket = await listen(receiverUrl, members.tokens[pair * 2 + 1]!, (event) => {
      if (event.type !== 'message:new' || !event.data.text.startsWith(tag)) return;
      const { id, text } = event.data;
      const count = (copies.get(id) ?? 0) + 1;
      copies.set(id, count);
      textOfEvent.set(id, text);
      // The answer to the send may come after the event: ids are compared once both are in.
      if (count === 1) latencies.push(performance.now() - sentAt.get(text)!);
    });
    sockets.push(socket);
  }

  const poster = createPoster(senderUrl, PAIRS);
  // Not counted (no tag): each pair's connection is open before the clock starts.
  await Promise.all(
    Array.from({ length: PAIRS }, (_, pair) =>
      poster.post('/api/messages', members.tokens[pair * 2]!, {
        receiverId: members.ids[pair * 2 + 1],
        text: 'warm-up',
      }),
    ),
  );
  const started = performance.now();
  const intervalMs = perSecond ? (PAIRS * 1000) / perSecond : 0;
  await Promise.all(
    Array.from({ length: PAIRS }, async (_, pair) => {
      for (let i = 0; i < messagesPerPair; i++) {
        const text = `${tag} pair ${pair} message ${i}`;
        const turn = started + (i + pair / PAIRS) * intervalMs;
        const wait = turn - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        sentAt.set(text, perSecond ? turn : performance.now());
        const response = await poster.post('/api/messages', members.tokens[pair * 2]!, {
          receiverId: members.ids[pair * 2 + 1],
          text,
        });
        if (response.status !== 201)
          throw new Error(`send failed: ${response.status} ${response.body}`);
        idOfText.set(text, (JSON.parse(response.body) as { id: number }).id);
      }
    }),
  );
  poster.close();
  const sent = new Set(idOfText.values());
  const deadline = Date.now() + DELIVERY_WAIT_MS;
  while ([...sent].some((id) => !copies.has(id)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const seconds = (performance.now() - started) / 1000;
  // A moment more, so a duplicate that trails its first copy is seen.
  await new Promise((resolve) => setTimeout(resolve, 200));
  sockets.forEach((socket) => socket.close());

  return {
    perSecond: sent.size / seconds,
    latency: summarize(latencies),
    lost: [...sent].filter((id) => !copies.has(id)).length,
    duplicated: [...copies.values()].filter((count) => count > 1).length,
    // An id nobody sent, or one whose text is another message's.
    unknown: [...textOfEvent].filter(([id, text]) => idOfText.get(text) !== id).length,
  };
}

type Exchange = Awaited<ReturnType<typeof exchange>>;

runBench(async (options) => {
  const messagesPerPair = options.quick ? 25 : 100;
  const report = new BenchReport(
    `Messages: ${PAIRS} pairs × ${messagesPerPair} messages, each pair sending one after another`,
    [ONE, paced(ONE), TWO, paced(TWO)],
  );

  await forEachDatabase(options, async (database) => {
    const ids = await database.use((db) => seedUsers(db, PAIRS * 2));
    const record = (row: string, { hello, result }: Baselined<Exchange>) => {
      report.set(
        row,
        database.label,
        `${latency(result.latency)}; ${rate(result.perSecond, 'messages/s', hello)}`,
        hello,
      );
      report.check(
        `${database.label}, ${row}: every message's ` +
          `event arrived exactly once (lost ${result.lost}, duplicated ${result.duplicated}, ` +
          `unknown ${result.unknown})`,
        result.lost + result.duplicated + result.unknown === 0,
      );
    };

    /** The row as fast as the pairs can send, then its paced twin. */
    const recordBoth = async (
      row: string,
      senderUrl: string,
      receiverUrl: string,
      members: Members,
    ) => {
      for (const perSecond of [undefined, PACED_PER_SECOND])
        record(
          perSecond ? paced(row) : row,
          await withBaseline(options.seconds, () =>
            exchange(senderUrl, receiverUrl, members, messagesPerPair, perSecond),
          ),
        );
    };

    const one = await startBenchServer(database);
    const members = { ids, tokens: await signInAll(one.url, PAIRS * 2) };
    try {
      await recordBoth(ONE, one.url, one.url, members);
    } finally {
      await one.stop();
    }

    if (database.label === 'PostgreSQL' && options.redisUrl) {
      const [a, b] = await Promise.all([
        startBenchServer(database, { redisUrl: options.redisUrl }),
        startBenchServer(database, { redisUrl: options.redisUrl }),
      ]);
      try {
        await recordBoth(TWO, a.url, b.url, members);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    }
  });

  report.print([
    options.postgresUrl && options.redisUrl
      ? 'Two processes: two server.js processes on PostgreSQL sharing Redis; senders on one, receivers on the other.'
      : 'Set DATABASE_URL and REDIS_URL to measure PostgreSQL and two processes too.',
  ]);
  return report.passed;
});
