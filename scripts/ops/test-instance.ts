import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import backupSocket from '../../apps/server/src/features/backup/backup-socket';
import { resolveJwtSecret } from '../../apps/server/src/lib/secrets';
import { createClient, NO_THIRD_PARTIES, type TestContext } from '../../apps/server/src/test/app';
import { NEXT_YEAR, WEEK } from '../../apps/server/src/test/calendar-days';
import { createMember, publish } from '../../apps/server/src/test/factories';
import { createMailbox } from '../../apps/server/src/test/mailbox';
import { pngImage } from '../../apps/server/src/test/multipart';
import { imageCopies } from '@devplay/shared';
import { readArchive } from './read-archive';
import { connectPglite, connectPostgres } from './connection';
import { scratchDir } from './scratch';
import { dumpTables } from './table-rows';

/**
 * Where an instance keeps its data: always a DATA_DIR, PostgreSQL when a URL is given, and its
 * uploads in a bucket when S3 settings are (test/s3-server.ts's `env()`).
 */
export type Place = {
  dataDir: string;
  databaseUrl?: string;
  s3?: Record<string, string>;
  /** Other settings of the instance's environment. */
  env?: Record<string, string>;
};

export const configOf = (place: Place) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl ?? '',
    ...NO_THIRD_PARTIES,
    ...place.s3,
    ...place.env,
  });

/** The server as `npm start` would run it on that data (the generated secret included). */
export async function openInstance(place: Place): Promise<TestContext> {
  const config = configOf(place);
  const mailbox = createMailbox();
  const database = await openDatabase(
    place.databaseUrl ? { url: place.databaseUrl } : { pgliteDir: path.join(place.dataDir, 'db') },
  );
  const jwtSecret = await resolveJwtSecret(undefined, config.dataDir);
  const app = await buildApp({
    config,
    database,
    jwtSecret,
    mailer: mailbox.mailer,
    logger: false,
  });
  // As server.ts: a backup of the embedded database asks the running server for a copy.
  if (!place.databaseUrl) await app.register(backupSocket, { dataDir: config.dataDir });
  await app.ready();
  return { app, mailbox, config, queries: { count: 0 } };
}

/**
 * Members (with their welcome credit: transfers and ledger entries), a post with an image and its
 * 480 and 640 px copies, a message, a payment, a leave day, and a signed-in member's refresh cookie.
 */
export async function seed(place: Place) {
  const ctx = await openInstance(place);
  try {
    const [alice, bob] = [await createMember(ctx), await createMember(ctx)];
    const uploaded = await alice.client.form('POST', '/upload-image', {
      image: await pngImage(900, 600),
    });
    const image = uploaded.json().url as string;
    expect(imageCopies(image).map((copy) => copy.width)).toEqual([480, 640]);
    const post = await publish(ctx, alice.client, { image, video: undefined });
    await alice.client.post('/messages', { receiverId: bob.id, text: 'kept safe' });
    const paid = await alice.client.post('/transaction', {
      amount: 12.5,
      userName: bob.username,
      idempotencyKey: randomUUID(),
    });
    expect(paid.statusCode).toBe(201);
    expect(
      (await bob.client.post('/calendar', { date: WEEK.wednesday, type: 'sick' })).statusCode,
    ).toBe(200);
    return { alice, bob, post, refreshCookie: alice.client.refreshCookie! };
  } finally {
    await ctx.app.close();
  }
}

/** Every table of the restored database holds exactly the rows the archive holds. */
export async function expectSameRows(archive: string, place: Place) {
  const unpacked = await scratchDir();
  await readArchive(archive, unpacked);
  const dumped = await scratchDir();
  const connection = place.databaseUrl
    ? await connectPostgres(place.databaseUrl)
    : connectPglite(path.join(place.dataDir, 'db'));
  await dumpTables(connection, dumped).finally(() => connection.close());
  const tables = await readdir(path.join(unpacked, 'db'));
  expect(tables.length).toBeGreaterThan(20);
  expect((await readdir(dumped)).sort()).toEqual(tables.sort());
  for (const table of tables) {
    const restored = await readFile(path.join(dumped, table), 'utf8');
    expect(restored, table).toBe(await readFile(path.join(unpacked, 'db', table), 'utf8'));
  }
}

/** The seeded things as members see them on the restored instance; the old session works. */
export async function expectSeedServed(place: Place, seeded: Awaited<ReturnType<typeof seed>>) {
  const ctx = await openInstance(place);
  try {
    const client = createClient(ctx.app);
    client.refreshCookie = seeded.refreshCookie;
    const refreshed = await client.post('/refresh');
    expect(refreshed.statusCode).toBe(200);
    client.token = refreshed.json().token;
    expect((await client.get('/me')).json().username).toBe(seeded.alice.username);
    const post = (await client.get(`/post/${seeded.post.id}`)).json();
    expect(post.image).toBe(seeded.post.image);
    for (const url of [post.image, ...imageCopies(post.image).map((copy) => copy.url)]) {
      const served = await ctx.app.inject({ url });
      // From a bucket, the server sends the browser there.
      const location = place.s3 ? served.headers.location : undefined;
      expect(location ? (await fetch(location)).status : served.statusCode, url).toBe(200);
    }
    const chat = (await client.get(`/messages/${seeded.bob.id}`)).json();
    expect(JSON.stringify(chat)).toContain('kept safe');
    const transactions = JSON.stringify((await client.get('/transactions')).json());
    expect(transactions).toContain('12.5');
    const bobClient = createClient(ctx.app);
    bobClient.token = seeded.bob.token;
    expect((await bobClient.get(`/calendar?year=${NEXT_YEAR}`)).json()).toContainEqual({
      date: WEEK.wednesday,
      type: 'sick',
      setByAdmin: false,
    });
  } finally {
    await ctx.app.close();
  }
}
