import type { UserSummary } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { messages, users } from '../../db/schema/index';
import { insertMessage } from './queries';

type SendValues = { senderId: number; receiverId: number; text: string };
type SentRow = Awaited<ReturnType<typeof insertMessage>>;
type Waiting = {
  values: SendValues;
  resolve: (row: SentRow) => void;
  reject: (e: unknown) => void;
};

/** Rows per statement: texts are at most a few KB, so a full batch stays well under a megabyte. */
const MAX_BATCH = 100;

type BatchRow = {
  id: number;
  senderId: number;
  receiverId: number;
  text: string;
  createdAt: string;
  sender: UserSummary;
  receiver: UserSummary;
  unread: number | string;
};

/**
 * Several messages in one statement, each with both people and the receiver's unread count as
 * `insertMessage` answers it: the count of the snapshot plus the batch's own rows to the same
 * receiver up to this one.
 */
async function insertMessages(db: Db, batch: SendValues[]): Promise<SentRow[]> {
  const column = <K extends keyof SendValues>(key: K) => sql.param(batch.map((v) => v[key]));
  // Both drivers answer raw SQL with `{ rows }`; the shared Db type cannot say so.
  const result = (await db.execute(sql`
    with input as (
      select * from unnest(${column('senderId')}::int[], ${column('receiverId')}::int[],
                           ${column('text')}::text[]) with ordinality as i(sender_id, receiver_id, text, n)
    ), sent as (
      insert into ${messages} (sender_id, receiver_id, text)
      select sender_id, receiver_id, text from input order by n
      returning id, sender_id, receiver_id, text, created_at
    )
    select sent.id, sent.sender_id as "senderId", sent.receiver_id as "receiverId", sent.text,
           to_char(sent.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
           json_build_object('id', s.id, 'username', s.username, 'fullName', s.full_name,
                             'avatar', s.avatar) as sender,
           json_build_object('id', r.id, 'username', r.username, 'fullName', r.full_name,
                             'avatar', r.avatar) as receiver,
           (select count(*) from ${messages} m
             where m.receiver_id = sent.receiver_id and m.read_at is null)
             + count(*) over (partition by sent.receiver_id order by sent.id) as unread
    from sent
    join ${users} s on s.id = sent.sender_id
    join ${users} r on r.id = sent.receiver_id
    order by sent.id`)) as unknown as { rows: BatchRow[] };
  return result.rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    readAt: null,
    unread: Number(row.unread),
  }));
}

/** Each waiting send gets the row with its own sender, receiver and text. */
function answer(batch: Waiting[], rows: SentRow[]) {
  const left = [...batch];
  for (const row of rows) {
    const index = left.findIndex(
      ({ values: v }) =>
        v.senderId === row.senderId && v.receiverId === row.receiverId && v.text === row.text,
    );
    if (index >= 0) left.splice(index, 1)[0]!.resolve(row);
  }
  for (const lost of left) lost.reject(new Error('a batched message came back without its row'));
}

async function send(db: Db, batch: Waiting[]) {
  const one = async ({ values, resolve, reject }: Waiting) =>
    insertMessage(db, values).then(resolve, reject);
  if (batch.length === 1) return one(batch[0]!);
  try {
    answer(
      batch,
      await insertMessages(
        db,
        batch.map((waiting) => waiting.values),
      ),
    );
  } catch {
    // One unknown receiver fails the whole statement: alone, each send fails only for itself.
    await Promise.all(batch.map(one));
  }
}

/**
 * Sends that arrive in the same turn of the event loop go to the database as one statement
 * (issue 14): under load, one round trip and one commit carry several messages instead of one
 * each. A send alone goes as before, one turn later.
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

/** Stores a message as `insertMessage` does, sharing the statement with sends that arrive with it. */
export const queueMessage = (db: Db, values: SendValues) => queueOf(db)(values);
