import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { trustProxyOption } from './config';
import { registerFeatures, type FeatureOptions } from './features';
import { loggerOptions } from './lib/logger';
import { RequestLog } from './lib/request-log';
import { responseSerializerCompiler } from './lib/response-serializer';
import { clientErrorHandler, frameworkErrors } from './plugins/errors';
import { registerPlatform, type PlatformOptions } from './platform';

export type AppOptions = Omit<PlatformOptions, 'uploadsDir' | 'archivesDir'> &
  Omit<FeatureOptions, 'uploadsDir'> & {
    logger?: FastifyServerOptions['logger'];
    /** A logger made before the app (start-up progress), so both write through one stream. */
    loggerInstance?: FastifyBaseLogger;
  };

/** The platform every feature stands on, then the features. */
export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? loggerOptions(config) }),
    frameworkErrors,
    clientErrorHandler,
    logController: new RequestLog(),
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const uploadsDir = path.join(config.dataDir, 'uploads');
  const archivesDir = path.join(config.dataDir, 'exports');
  await registerPlatform(app, { ...options, uploadsDir, archivesDir });
  await registerFeatures(app, { ...options, uploadsDir });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
