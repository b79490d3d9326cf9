import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { insertMessages } from './queries';

type SendValues = Parameters<typeof insertMessages>[1][number];
type SentRow = Awaited<ReturnType<typeof insertMessages>>[number];
type Waiting = {
  values: SendValues;
  resolve: (row: SentRow) => void;
  reject: (e: unknown) => void;
};

/** Rows per statement: texts are at most a few KB, so a full batch stays well under a megabyte. */
const MAX_BATCH = 100;

/**
 * Each waiting send gets the first row left with its sender and receiver: rows come in the order
 * they were inserted, which is the order the sends arrived. Not by text: PostgreSQL stores it as
 * UTF-8, so a lone surrogate comes back as U+FFFD.
 */
function answer(batch: Waiting[], rows: SentRow[]) {
  const left = [...batch];
  for (const row of rows) {
    const index = left.findIndex(
      ({ values: v }) => v.senderId === row.senderId && v.receiverId === row.receiverId,
    );
    if (index >= 0) left.splice(index, 1)[0]!.resolve(row);
  }
  for (const lost of left) lost.reject(new Error('a batched message came back without its row'));
}

async function send(db: Db, batch: Waiting[]) {
  try {
    answer(
      batch,
      await insertMessages(
        db,
        batch.map((waiting) => waiting.values),
      ),
    );
  } catch (error) {
    if (batch.length === 1) return batch[0]!.reject(error);
    // One unknown receiver fails the whole statement: alone, each send fails only for itself.
    await Promise.all(batch.map((waiting) => send(db, [waiting])));
  }
}

/**
 * Sends that arrive in the same turn of the event loop go to the database as one statement
 * (issue 14): under load, one round trip and one commit carry several messages instead of one
 * each. A send alone goes one turn later, by the same statement.
 */
function createSendQueue(db: Db) {
  let waiting: Waiting[] = [];
  const flush = () => {
    const taken = waiting;
    waiting = [];
    for (let start = 0; start < taken.length; start += MAX_BATCH)
      void send(db, taken.slice(start, start + MAX_BATCH));
  };
  return (values: SendValues) =>
    new Promise<SentRow>((resolve, reject) => {
      if (waiting.push({ values, resolve, reject }) === 1) setImmediate(flush);
    });
}

const queueOf = perDatabase(createSendQueue);

/** Stores a message, sharing the statement with the sends that arrive with it. */
export const queueMessage = (db: Db, values: SendValues) => queueOf(db)(values);
