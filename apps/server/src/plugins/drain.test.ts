import { sql } from 'drizzle-orm';
import http from 'node:http';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

const HANDLER_MS = 300;

/** One GET on a kept-alive connection; once `hangUp` settles it hangs up before the answer, as a client may. */
function get(agent: http.Agent, url: string, hangUp?: Promise<void>) {
  return new Promise<number | string>((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(hangUp ? 'aborted' : (error.code ?? error.message)),
    );
    void hangUp?.then(() => request.destroy());
  });
}

describe('closing the server under load', () => {
  it('lets running requests finish before the database closes, and 503s late ones', async () => {
    const logLines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const startedHandlers: number[] = [];
    let allStarted!: () => void;
    const sixStarted = new Promise<void>((resolve) => (allStarted = resolve));
    const finishedQueries: number[] = [];
    const ctx = await createTestApp({ logStream }, (app) => {
      app.get<{ Querystring: { ms: string } }>('/slow', async (request) => {
        startedHandlers.push(1);
        if (startedHandlers.length === 6) allStarted();
        // Slow work is the subject: the drain must wait for it before the database closes.
        await sleep(Number(request.query.ms));
        await app.db.execute(sql`select 1`);
        finishedQueries.push(1);
        return { ok: true };
      });
    });
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new http.Agent({ keepAlive: true });

    const answered = [1, 2, 3].map(() => get(agent, `${base}/slow?ms=${HANDLER_MS}`));
    // Their handlers outlive every open connection: nothing but the drain waits for them.
    // Their clients hang up once all six handlers run, so each handler has surely started.
    const abandoned = [1, 2, 3].map(() =>
      get(agent, `${base}/slow?ms=${2 * HANDLER_MS}`, sixStarted),
    );
    await Promise.all(abandoned);
    const startedAt = performance.now();
    const closed = ctx.app.close();
    const late = get(new http.Agent(), `${base}/slow?ms=0`);
    await closed;
    const closeMs = performance.now() - startedAt;

    const errorsLogged = logLines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.level >= 50)
      .map((entry) => entry.err?.message ?? entry.msg);
    expect({
      answered: await Promise.all(answered),
      abandoned: await Promise.all(abandoned),
      late: await late,
      // Even the handlers whose clients hung up ran their query on an open database.
      queriesFinished: finishedQueries.length,
      errorsLogged,
    }).toEqual({
      answered: [200, 200, 200],
      abandoned: ['aborted', 'aborted', 'aborted'],
      late: 503,
      queriesFinished: 6,
      errorsLogged: [],
    });
    // Kept-alive connections are told to close, so close() does not wait the 72 s they may idle
    // (Fastify's keepAliveTimeout); the handlers themselves take 0.6 s on a quiet host.
    expect(closeMs).toBeLessThan(15_000);
    agent.destroy();
  });
});
