import { expect } from 'vitest';
import type { App } from '../app';

/**
 * Asks /api/health every `everyMs` until stopped and answers the worst delay, counted from when
 * each question was due: a blocked event loop delays the question itself, not only its answer.
 */
export function pollHealth(app: App, everyMs = 20) {
  let running = true;
  let answered = 0;
  const worst = (async () => {
    let delay = 0;
    const start = performance.now();
    for (let k = 1; running; k++) {
      const due = start + k * everyMs;
      // The schedule is the measure: a check waits until it is due, and is late if the loop was held.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      delay = Math.max(delay, performance.now() - due);
      answered++;
    }
    return delay;
  })();
  return {
    answered: () => answered,
    async stop() {
      running = false;
      return worst;
    },
  };
}
