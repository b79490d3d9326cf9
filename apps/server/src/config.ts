import { z } from 'zod';
import path from 'node:path';

const flag = (fallback: 'on' | 'off') =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .default(fallback)
    .transform((value) => value === 'on' || value === 'true' || value === '1');

const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** DESIGN §5: every environment variable the server reads, checked in one place. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag('off'),
  RATE_LIMITS: flag('on'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('DevPlay <no-reply@devplay.local>'),
  JWT_SECRET: z
    .string()
    .min(32, 'JWT_SECRET must be at least 32 characters long')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAILS: z.string().default(''),
  WEATHER_API_URL: z.url().default('https://api.open-meteo.com/v1/forecast'),
  GEOCODING_API_URL: z.url().default('https://geocoding-api.open-meteo.com/v1/search'),
  NEWS_FEED_URL: z.url().default('https://feeds.bbci.co.uk/news/world/rss.xml'),
  NEWS_API_KEY: z.string().optional(),
  WELCOME_CREDIT: z
    .string()
    .regex(
      /^\d{1,5}(\.\d{1,2})?$/,
      'WELCOME_CREDIT must be euros with at most two decimals, e.g. 100.00',
    )
    .default('100.00'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  logLevel: string;
  trustProxy: boolean;
  rateLimits: boolean;
  /** No URL: embedded PGlite under dataDir (or in memory when dataDir is null, for tests). */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string | undefined;
  adminEmails: ReadonlySet<string>;
  weatherApiUrl: string;
  geocodingApiUrl: string;
  newsFeedUrl: string;
  newsApiKey: string | undefined;
  /** Credit a member receives when the e-mail is confirmed (issue 5). */
  welcomeCreditCents: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: e.RATE_LIMITS,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    weatherApiUrl: e.WEATHER_API_URL,
    geocodingApiUrl: e.GEOCODING_API_URL,
    newsFeedUrl: e.NEWS_FEED_URL,
    newsApiKey: e.NEWS_API_KEY || undefined,
    welcomeCreditCents: Math.round(Number(e.WELCOME_CREDIT) * 100),
  };
}
