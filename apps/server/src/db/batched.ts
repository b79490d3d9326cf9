import { isEmbedded, type Db } from './client';
import { perDatabase } from './per-database';

/**
 * When a lone write goes. On PostgreSQL one turn of the event loop later, so that the writes of
 * the requests read in the same turn share a round trip and a commit. On PGlite at once: it runs
 * on this thread, with no round trip to share, and a turn there lasts until every statement
 * queued for it has run, so a write waited that long for nothing (half the mix's messages and
 * transfers took two turns where other requests took one).
 */
const soon = (db: Db) => (isEmbedded(db) ? queueMicrotask : setImmediate);

type Waiting<In, Out> = {
  value: In;
  resolve: (out: Out) => void;
  reject: (error: unknown) => void;
};

async function send<In, Out>(
  db: Db,
  run: (db: Db, values: In[]) => Promise<Out[]>,
  batch: Waiting<In, Out>[],
) {
  try {
    const answers = await run(
      db,
      batch.map((waiting) => waiting.value),
    );
    batch.forEach((waiting, index) => waiting.resolve(answers[index]!));
  } catch (error) {
    if (batch.length === 1) return batch[0]!.reject(error);
    // One bad value fails the whole statement: alone, each fails only for itself.
    await Promise.all(batch.map((waiting) => send(db, run, [waiting])));
  }
}

/**
 * Writes that arrive in the same turn of the event loop go to the database together:
 * under load, one round trip and one commit carry several of them instead of one each; a write
 * alone goes one turn later (`soon`). `run` answers each value of a batch, in order, and makes at
 * most `maxBatch` at once. When a batch fails, each of its values goes again alone.
 * With `maxInFlight`, what arrives while that many batches are at the database waits, and goes
 * as the next batch when one comes back.
 */
export function batchedByTurn<In, Out>(
  run: (db: Db, values: In[]) => Promise<Out[]>,
  { maxBatch, maxInFlight = Infinity }: { maxBatch: number; maxInFlight?: number },
): (db: Db, value: In) => Promise<Out> {
  const queueOf = perDatabase((db) => {
    const later = soon(db);
    const waiting: Waiting<In, Out>[] = [];
    let inFlight = 0;
    const flush = () => {
      while (waiting.length > 0 && inFlight < maxInFlight) {
        const batch = waiting.splice(0, maxBatch);
        inFlight++;
        void send(db, run, batch).then(() => {
          inFlight--;
          flush();
        });
      }
    };
    return (value: In) =>
      new Promise<Out>((resolve, reject) => {
        if (waiting.push({ value, resolve, reject }) === 1 && inFlight < maxInFlight) later(flush);
      });
  });
  return (db, value) => queueOf(db)(value);
}
