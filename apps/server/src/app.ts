import { API_BASE, LIMITS } from '@devplay/shared';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import path from 'node:path';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createCodeBook } from './features/auth/codes';
import authRoutes from './features/auth/routes';
import { createAuthService } from './features/auth/service';
import healthRoutes from './features/health/routes';
import followsRoutes from './features/follows/routes';
import moneyRoutes from './features/money/routes';
import { closeAccount, grantWelcomeCredit } from './features/money/service';
import liveRoutes from './features/messages/live';
import messagesRoutes from './features/messages/routes';
import commentRoutes from './features/posts/comment-routes';
import likeRoutes from './features/posts/like-routes';
import postRoutes from './features/posts/post-routes';
import usersRoutes from './features/users/routes';
import { loadMe } from './features/users/service';
import { createAccessTokens, type AccessTokens } from './lib/access-tokens';
import { webDistFolder } from './lib/paths';
import authPlugin from './plugins/auth';
import docsPlugin from './plugins/docs';
import errorsPlugin from './plugins/errors';
import eventsPlugin from './plugins/events';
import { createMailer, type Mailer } from './plugins/mailer';
import rateLimitPlugin from './plugins/rate-limit';
import securityPlugin from './plugins/security';
import storagePlugin from './plugins/storage';
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
};

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // Tokens, cookies and passwords never reach the log; bodies are not logged at all.
    redact: [
      'req.headers["access-token"]',
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
    ],
    ...(config.env === 'development' && process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

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

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(multipart, {
    // One image per request; anything larger than SPEC §9's 5 MB stops at the parser.
    limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 20, fieldSize: 10_000 },
  });
  const uploadsDir = path.join(config.dataDir, 'uploads');
  await app.register(storagePlugin, { uploadsDir });
  await app.register(rateLimitPlugin, { enabled: config.rateLimits, redisUrl: config.redisUrl });
  await app.register(authPlugin);
  await app.register(eventsPlugin, { redisUrl: config.redisUrl });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(docsPlugin);

  const auth = createAuthService({
    db: database.db,
    codes: createCodeBook(options.jwtSecret),
    mailer,
    accessTokens: app.accessTokens,
    log: app.log,
    onEmailVerified: (userId) =>
      grantWelcomeCredit(database.db, app.events, userId, config.welcomeCreditCents),
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, {
        auth,
        presentMe: (user) => loadMe(app.db, user, app.isAdmin(user)),
      });
      await api.register(usersRoutes, {
        closeAccount: (userId) => closeAccount(database.db, userId),
      });
      await api.register(postRoutes);
      await api.register(likeRoutes);
      await api.register(commentRoutes);
      await api.register(followsRoutes);
      await api.register(messagesRoutes);
      await api.register(liveRoutes);
      await api.register(moneyRoutes);
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
