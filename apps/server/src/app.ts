import { API_BASE, LIMITS } from '@devplay/shared';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { trustProxyOption, type Config } from './config';
import type { Database, Db } from './db/client';
import { createCodeBook } from './features/auth/code-service';
import adminRoutes from './features/admin/routes';
import authRoutes from './features/auth/routes';
import calendarFeedRoutes from './features/calendar/feed-routes';
import calendarRoutes from './features/calendar/routes';
import healthRoutes from './features/health/routes';
import followsRoutes from './features/follows/routes';
import moneyRoutes from './features/money/routes';
import messagesLive from './features/messages/live';
import messagesRoutes from './features/messages/routes';
import notificationsLive from './features/notifications/live';
import notificationsRetentionJob from './features/notifications/retention-job';
import notificationsRoutes from './features/notifications/routes';
import postsRoutes from './features/posts/routes';
import tournamentRoutes from './features/tournament/routes';
import uploadsCleanupJob from './features/uploads/cleanup-job';
import uploadsRoutes from './features/uploads/routes';
import usersRoutes from './features/users/routes';
import widgetsRoutes from './features/widgets/routes';
import { createAccessTokens, type AccessTokens } from './lib/access-tokens';
import { loggerOptions } from './lib/logger';
import { webDistFolder } from './lib/paths';
import { RequestLog } from './lib/request-log';
import { responseSerializerCompiler } from './lib/response-serializer';
import accountLimitsPlugin from './plugins/account-limits';
import authPlugin from './plugins/auth';
import cacheControlPlugin from './plugins/cache-control';
import compressionPlugin from './plugins/compression';
import docsPlugin from './plugins/docs';
import drainPlugin from './plugins/drain';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import eventsPlugin from './plugins/events';
import feedChangesPlugin from './plugins/feed-changes';
import { guarded } from './plugins/guards';
import livePlugin, { type LiveOptions } from './plugins/live';
import { createMailer, type Mailer } from './plugins/mailer';
import rateLimitPlugin from './plugins/rate-limit';
import redisPlugin from './plugins/redis';
import securityPlugin from './plugins/security';
import storagePlugin, { type StorageOptions } from './plugins/storage';
import webPlugin from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    accessTokens: AccessTokens;
    mailer: Mailer;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** Tests pass a recording mailer; otherwise SMTP_URL decides. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The built SPA; tests point it at a folder of their own. */
  webDist?: string;
  /** Limits of uploads and sockets other than the defaults (tests: a full disk, a low cap). */
  storage?: Partial<Omit<StorageOptions, 'uploadsDir'>>;
  live?: LiveOptions;
};

export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    frameworkErrors,
    clientErrorHandler,
    logController: new RequestLog(),
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('accessTokens', createAccessTokens(options.jwtSecret));
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    mailer.close();
    await database.close();
  });

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
  const uploadsDir = path.join(config.dataDir, 'uploads');
  await app.register(storagePlugin, {
    minFreeBytes: config.uploadMinFreeBytes,
    ...options.storage,
    uploadsDir,
  });
  await app.register(uploadsCleanupJob);
  await app.register(notificationsRetentionJob);
  await app.register(eventsPlugin);
  await app.register(feedChangesPlugin);
  await app.register(livePlugin, options.live ?? {});
  await app.register(docsPlugin);

  await app.register(
    async (api) => {
      // API answers only: the web app's files are compressed at build time (plugins/web.ts).
      await api.register(compressionPlugin);
      await api.register(healthRoutes);
      await api.register(authRoutes, { codes: createCodeBook(options.jwtSecret) });
      await api.register(calendarFeedRoutes);
      await api.register(messagesLive);
      await api.register(notificationsLive);
      // Every other route is a signed-in member's; features raise the bar for some of theirs.
      await api.register(
        guarded('requireUser', async (members) => {
          await members.register(usersRoutes);
          await members.register(postsRoutes);
          await members.register(uploadsRoutes);
          await members.register(followsRoutes);
          await members.register(messagesRoutes);
          await members.register(notificationsRoutes);
          await members.register(moneyRoutes);
          await members.register(calendarRoutes);
          await members.register(tournamentRoutes);
          await members.register(adminRoutes);
          await members.register(widgetsRoutes);
        }),
      );
    },
    { prefix: API_BASE },
  );

  await app.register(webPlugin, {
    uploadsDir,
    webDist: options.webDist ?? webDistFolder,
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
