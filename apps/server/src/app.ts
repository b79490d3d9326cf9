import { API_BASE } from '@devplay/shared';
import cookie from '@fastify/cookie';
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
import usersRoutes from './features/users/routes';
import { createAccessTokens, type AccessTokens } from './lib/access-tokens';
import { webDistFolder } from './lib/paths';
import authPlugin from './plugins/auth';
import docsPlugin from './plugins/docs';
import errorsPlugin from './plugins/errors';
import { createMailer, type Mailer } from './plugins/mailer';
import rateLimitPlugin from './plugins/rate-limit';
import securityPlugin from './plugins/security';
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
  await app.register(rateLimitPlugin, { enabled: config.rateLimits, redisUrl: config.redisUrl });
  await app.register(authPlugin);
  await app.register(docsPlugin);

  const auth = createAuthService({
    db: database.db,
    codes: createCodeBook(options.jwtSecret),
    mailer,
    accessTokens: app.accessTokens,
    log: app.log,
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { auth });
      await api.register(usersRoutes);
    },
    { prefix: API_BASE },
  );

  await app.register(webPlugin, {
    uploadsDir: path.join(config.dataDir, 'uploads'),
    webDist: options.webDist ?? webDistFolder,
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
