import type { NewsItem } from '@devplay/shared';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FeedBudget } from './feed-prefix';
import { UpstreamError } from './upstream';

/**
 * A feed read longer than this is abandoned (its worker terminated) and answered as a failure.
 * The feed parser has costs that grow with the square of some shapes of input even within the
 * budget; 100 ordinary items take about 50 ms, plus some 50 ms to start the worker.
 */
const READ_LIMIT_MS = 2_000;
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

/**
 * The feed's first items, cleaned, read on a worker thread: parsing never holds the event loop,
 * and a parse that runs too long is stopped. Any failure is an UpstreamError.
 */
export function readFeedOffThread(xml: string, budget: FeedBudget): Promise<NewsItem[]> {
  return new Promise((resolve, reject) => {
    const worker = startWorker({ xml, budget });
    const fail = (detail: string) => reject(new UpstreamError('failed', `news feed: ${detail}`));
    const timer = setTimeout(() => {
      fail(`not read in ${READ_LIMIT_MS} ms`);
      void worker.terminate();
    }, READ_LIMIT_MS);
    worker.once('message', (items: NewsItem[]) => resolve(items));
    worker.once('error', (error) => fail(error.message));
    // After an answer or an error this changes nothing; alone, the worker died (out of memory).
    worker.once('exit', (code) => {
      clearTimeout(timer);
      fail(`reader stopped (${code})`);
    });
  });
}
