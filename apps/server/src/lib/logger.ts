import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import { serializeError } from './log-error';

/**
 * How much to log, and how: `auto` writes readable lines on a terminal and JSON otherwise (a file,
 * a pipe, a log collector). The caller hands them over, as read from the environment.
 */
export type LogSettings = { logLevel: string; logFormat: 'auto' | 'json' | 'pretty' };

/** pino-pretty's settings, shared with the tests that check what a person reads. */
export const PRETTY_LOG_OPTIONS = { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' };

/**
 * A person at a terminal reads lines; a log collector, a file or a pipe gets one JSON object per
 * line. pino-pretty runs as a pino transport (a worker thread that resolves it at run time), so
 * it is a runtime dependency of the server, outside the esbuild bundle.
 */
export function loggerOptions(
  settings: LogSettings,
  stdoutIsTerminal = process.stdout.isTTY === true,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const pretty =
    settings.logFormat === 'pretty' || (settings.logFormat === 'auto' && stdoutIsTerminal);
  return {
    level: settings.logLevel,
    // Tokens, cookies and passwords never reach the log; bodies are not logged at all.
    redact: [
      'req.headers["access-token"]',
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
    ],
    // A failed query's parameters (message texts, notes) never reach the log either.
    serializers: { err: serializeError },
    ...(pretty ? { transport: { target: 'pino-pretty', options: PRETTY_LOG_OPTIONS } } : {}),
  };
}

/**
 * A logger for what runs outside a Fastify app (start-up before the app exists, the cluster
 * primary), writing the same lines as the app's, so one terminal or collector reads one format.
 */
export function createLogger(settings: LogSettings): FastifyBaseLogger {
  return pino(loggerOptions(settings) as LoggerOptions);
}
