import { batchedByTurn } from '../../db/batched';
import type { Db } from '../../db/client';
import { insertMessages } from './queries';

type SendValues = Parameters<typeof insertMessages>[1][number];

/** Rows per statement: texts are at most a few KB, so a full batch stays well under a megabyte. */
const MAX_BATCH = 100;

/**
 * The batch's rows in the order of its sends: each send gets the first row left with its sender
 * and receiver, as rows come in the order they were inserted. Not by text: PostgreSQL stores it
 * as UTF-8, so a lone surrogate comes back as U+FFFD.
 */
async function insertInOrder(db: Db, batch: SendValues[]) {
  const rows = await insertMessages(db, batch);
  return batch.map((values) => {
    const index = rows.findIndex(
      (row) => row.senderId === values.senderId && row.receiverId === values.receiverId,
    );
    if (index < 0) throw new Error('a batched message came back without its row');
    return rows.splice(index, 1)[0]!;
  });
}

/**
 * Stores a message, sharing the statement with the sends that arrive with it. One statement at a
 * time: what arrives while it runs goes in the next one, so under load a round trip and a commit
 * carry more sends (docs/benchmarks.md, bench:messages), and an idle server still sends at once.
 */
export const queueMessage = batchedByTurn(insertInOrder, { maxBatch: MAX_BATCH, maxInFlight: 1 });
