/**
 * Runs at most `slots` of the calls at once; the others wait in arrival order. A slot freed goes
 * straight to the next waiting call, so none overtakes the queue.
 */
export function inLimit(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const take = () =>
    running < slots ? void running++ : new Promise<void>((go) => waiting.push(go));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async <T>(call: () => Promise<T>): Promise<T> => {
    await take();
    try {
      return await call();
    } finally {
      release();
    }
  };
}
