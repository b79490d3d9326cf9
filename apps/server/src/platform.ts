import { LIMITS } from '@devplay/shared';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { asRequest } from './db/request-turns';
import { createAccessTokens, type AccessTokens } from './lib/access-tokens';
import accountLimitsPlugin from './plugins/account-limits';
import authPlugin from './plugins/auth';
import cacheControlPlugin from './plugins/cache-control';
import docsPlugin from './plugins/docs';
import drainPlugin from './plugins/drain';
import errorsPlugin from './plugins/errors';
import eventsPlugin from './plugins/events';
import jobsPlugin from './plugins/jobs';
import livePlugin, { type LiveOptions } from './plugins/live';
import pgliteUpkeepPlugin from './plugins/pglite-upkeep';
import {
  createMailer,
  watched,
  type Mail,
  type Mailer,
  type WatchedMailer,
} from './plugins/mailer';
import type { MemberSteps } from './plugins/member-steps';
import rateLimitPlugin from './plugins/rate-limit';
import redisPlugin from './plugins/redis';
import securityPlugin from './plugins/security';
import storagePlugin, { type StorageOptions } from './plugins/storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    accessTokens: AccessTokens;
    mailer: WatchedMailer;
    memberSteps: MemberSteps;
  }
}

export type PlatformOptions = {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** Where uploaded files live (under DATA_DIR); the web plugin serves them. */
  uploadsDir: string;
  /** Where members' archives live (under DATA_DIR, beside uploadsDir); nothing serves them. */
  archivesDir: string;
  /** Tests pass a recording mailer; otherwise SMTP_URL decides. */
  mailer?: Mailer;
  /** Limits of uploads and sockets other than the defaults (tests: a full disk, a low cap). */
  storage?: Partial<Omit<StorageOptions, 'uploadsDir' | 'archivesDir'>>;
  live?: LiveOptions;
};

/**
 * What every feature stands on, in the order they need each other: the app's values (config,
 * database, tokens, mailer, the member steps features add to), request handling (errors,
 * caching, security headers, cookies, multipart), Redis and the limits kept in it,
 * authentication, file storage, the event bus with the live sockets on it, and the API docs
 * (registered before any route, so it sees them all).
 */
export async function registerPlatform(app: FastifyInstance, options: PlatformOptions) {
  const { config, database } = options;
  const mailer = watched(
    options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
  );
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('accessTokens', createAccessTokens(options.jwtSecret));
  app.decorate('mailer', mailer);
  app.decorate('memberSteps', { confirmed: [], leaving: [] } satisfies MemberSteps);
  app.addHook('onClose', async () => {
    mailer.close();
    await database.close();
  });

  // On PostgreSQL a request's statements after its first go ahead of requests not yet begun.
  if (database.kind === 'postgres')
    app.addHook('onRequest', (_request, _reply, done) => asRequest(done));
  await app.register(drainPlugin);
  await app.register(errorsPlugin);
  await app.register(cacheControlPlugin);
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(multipart, {
    // One image per request; anything larger than SPEC §9's 5 MB stops at the parser.
    limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 20, fieldSize: 10_000 },
  });
  await app.register(redisPlugin, { url: config.redisUrl });
  await app.register(rateLimitPlugin, { enabled: config.rateLimits });
  await app.register(authPlugin);
  await app.register(accountLimitsPlugin);
  await app.register(jobsPlugin);
  await app.register(pgliteUpkeepPlugin);
  // Mail that must not be lost (alerts) goes as a job: a failed send is tried again later.
  app.jobs.handle('mail', (mail: Mail) => mailer.send(mail));
  await app.register(storagePlugin, {
    minFreeBytes: config.uploadMinFreeBytes,
    s3: config.s3,
    ...options.storage,
    uploadsDir: options.uploadsDir,
    archivesDir: options.archivesDir,
  });
  await app.register(eventsPlugin);
  await app.register(livePlugin, options.live ?? {});
  await app.register(docsPlugin);
}
