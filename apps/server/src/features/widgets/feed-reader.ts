import type { NewsItem } from '@devplay/shared';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FeedBudget } from './feed-prefix';
import { UpstreamError } from './upstream';

/**
 * A feed read longer than this is abandoned (its worker terminated) and answered as a failure.
 * The feed parser has costs that grow with the square of some shapes of input even within the
 * budget; 100 ordinary items take about 50 ms. The clock starts when the worker begins to read:
 * loading its code (some 50 ms, seconds on a busy host or compiled from source) is no feed's doing.
 */
const READ_LIMIT_MS = 2_000;
/** A worker that has not begun to read by then is abandoned too: it will not. */
const START_LIMIT_MS = 10_000;
/** A 2 MB feed needs far less; this bounds what a hostile one can make the parser hold. */
const WORKER_HEAP_MB = 128;

/**
 * Bundled, the worker is dist/feed-worker.js beside the server (build.mjs). From TypeScript source
 * (tests, `npm run dev`), Node cannot load a .ts worker by itself: tsx, which runs the source,
 * compiles it as it is required.
 */
function startWorker(workerData: unknown) {
  const options = { workerData, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./feed-worker.js', import.meta.url), options);
  }
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./feed-worker.ts', import.meta.url));
  const boot = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(boot, { ...options, eval: true });
}

/** What the worker posts: that it begins to read, then the items. */
export type FeedWorkerMessage = 'reading' | NewsItem[];

/**
 * The feed's first items, cleaned, read on a worker thread: parsing never holds the event loop,
 * and a parse that runs longer than `limitMs` is stopped. Any failure is an UpstreamError.
 */
export function readFeedOffThread(
  xml: string,
  budget: FeedBudget,
  limitMs = READ_LIMIT_MS,
): Promise<NewsItem[]> {
  return new Promise((resolve, reject) => {
    const worker = startWorker({ xml, budget });
    const fail = (detail: string) => reject(new UpstreamError('failed', `news feed: ${detail}`));
    const abandonAfter = (ms: number, detail: string) =>
      setTimeout(() => {
        fail(detail);
        void worker.terminate();
      }, ms);
    let timer = abandonAfter(START_LIMIT_MS, `reader not started in ${START_LIMIT_MS} ms`);
    worker.on('message', (message: FeedWorkerMessage) => {
      clearTimeout(timer);
      if (message === 'reading') timer = abandonAfter(limitMs, `not read in ${limitMs} ms`);
      else resolve(message);
    });
    worker.once('error', (error) => fail(error.message));
    // After an answer or an error this changes nothing; alone, the worker died (out of memory).
    worker.once('exit', (code) => {
      clearTimeout(timer);
      fail(`reader stopped (${code})`);
    });
  });
}
