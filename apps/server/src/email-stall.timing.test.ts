import { LIMITS } from '@devplay/shared';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from './test/app';

// Dots after the @ made the old e-mail pattern backtrack quadratically, and zod ran it
// even when the length check had failed: 60,000 characters held the event loop for seconds.

let ctx: TestContext;
let healthUrl: string;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
  healthUrl = `${await ctx.app.listen({ port: 0, host: '127.0.0.1' })}/api/health`;
});
afterAll(() => ctx.app.close());

const worstEmail = (length: number) => `a@${'.'.repeat(length - 3)}@`;
/** The longest e-mail whose JSON body `{"email":"…"}` the auth routes still read. */
const LARGEST_ALLOWED = LIMITS.authBodyMaxBytes - JSON.stringify({ email: '' }).length;

// Probes /api/health over a real socket from another thread: a request that arrives while the
// server's event loop is held waits for it, which in-process injection could never show.
const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let stopped = false;
parentPort.on('message', () => (stopped = true));
(async () => {
  const latencies = [];
  while (!stopped) {
    const askedAt = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    latencies.push(response.status === 200 ? performance.now() - askedAt : Infinity);
    parentPort.postMessage({ probed: latencies.length });
    // A probe every 10 ms or so: often enough to meet a stall, sparse enough not to load the server.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage({ latencies });
})();
`;

/** A worker may take a while to start on a busy machine; the conditions are checked often. */
const WAIT = { timeout: 10_000, interval: 5 };

/** Sends the request while health is probed, and measures how long the event loop was held. */
async function underLoad(send: () => Promise<{ statusCode: number; body: string }>) {
  const probe = new Worker(HEALTH_PROBE, { eval: true, workerData: { url: healthUrl } });
  let probed = 0;
  const latencies = new Promise<number[]>((resolve, reject) => {
    probe.on('message', (message: { probed: number } | { latencies: number[] }) => {
      if ('latencies' in message) resolve(message.latencies);
      else probed = message.probed;
    });
    probe.once('error', reject);
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  // The histogram's first tick only sets a baseline (count stays 0), and the probe needs a moment
  // to start: send once both are going.
  await vi.waitFor(() => {
    expect(probed).toBeGreaterThan(0);
    expect(loopDelay.count).toBeGreaterThan(0);
  }, WAIT);
  const response = await send();
  // One more tick and one more probe after the answer, so a stall it caused is on record.
  const [probedBefore, ticksBefore] = [probed, loopDelay.count];
  await vi.waitFor(() => {
    expect(probed).toBeGreaterThan(probedBefore);
    expect(loopDelay.count).toBeGreaterThan(ticksBefore);
  }, WAIT);
  loopDelay.disable();
  probe.postMessage('stop');
  const healthLatencies = await latencies;
  await probe.terminate();
  return {
    response,
    probes: healthLatencies.length,
    slowestHealthMs: Math.max(...healthLatencies),
    longestLoopDelayMs: loopDelay.max / 1e6,
  };
}

const routes = [
  '/forgot-password',
  '/signup',
  '/signin',
  '/verify',
  '/resend-code',
  '/reset-password',
];

describe.each(routes)('POST /api%s with a hostile e-mail', (route) => {
  it.each([
    ['as long as the body limit allows', LARGEST_ALLOWED, 400],
    ['of 60,000 characters', 60_000, 413],
    ['of 1 MB', 1_048_576, 413],
  ])(
    '%s: answered at once, the event loop never held 200 ms, health within 1 s',
    async (_, length, status) => {
      const { response, probes, slowestHealthMs, longestLoopDelayMs } = await underLoad(() =>
        ctx.app.inject({
          method: 'POST',
          url: `/api${route}`,
          payload: { email: worstEmail(length) },
        }),
      );
      console.log(
        `${route} e-mail of ${length} chars: ${status}, longest event-loop delay ` +
          `${longestLoopDelayMs.toFixed(1)} ms, slowest of ${probes} health probes ${slowestHealthMs.toFixed(1)} ms`,
      );
      expect(response.statusCode, response.body).toBe(status);
      expect(JSON.parse(response.body)).toEqual(
        status === 400
          ? { message: 'Incorrect email', code: 'VALIDATION_ERROR', field: 'email' }
          : { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' },
      );
      // The loop delay is the stall itself (5,121 ms before the fix). Health is probed over a real
      // socket from a worker, so on a busy 2-core machine its latency also counts CPU scheduling.
      expect(longestLoopDelayMs).toBeLessThan(200);
      expect(slowestHealthMs).toBeLessThan(1000);
    },
  );
});
