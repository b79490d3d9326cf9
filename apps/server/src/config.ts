import path from 'node:path';
import { z } from 'zod';
import { backupInterval, backupKeep } from './lib/backup-env';
import { PUSH_ENV, pushSettings, type PushSettings } from './lib/push-env';
import { flag, optionalText, optionalUrl } from './lib/env-values';
import type { LogSettings } from './lib/logger';
import type { S3Options } from './lib/s3-bucket';
import { s3Options } from './lib/s3-env';
import { trustProxy } from './lib/trust-proxy-env';

const WEB_CONCURRENCY_MESSAGE =
  'a whole number of worker processes from 1 to 256, or unset for one per core';

/** DESIGN §5: every environment variable the server reads, checked in one place. */
const envSchema = z.object({
  // `npm start` serves real members; `npm run dev` asks for development explicitly.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  TRUST_PROXY: trustProxy,
  RATE_LIMITS: flag('on'),
  COMPRESSION: flag('on'),
  DATABASE_URL: optionalUrl,
  /** On PostgreSQL, a request that began goes before new ones for a connection (db/request-turns.ts). */
  REQUEST_TURNS: flag('on'),
  REDIS_URL: optionalUrl,
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(
      /^([A-Za-z0-9][\w.:-]{0,31})?$/,
      'REDIS_PREFIX must be 1 to 32 letters, digits or . _ : - (starting with a letter or digit)',
    )
    .transform((value) => value || undefined)
    .optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('DevPlay <no-reply@devplay.local>'),
  JWT_SECRET: z
    .string()
    .min(32, 'JWT_SECRET must be at least 32 characters long')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAILS: z.string().default(''),
  /** `on`: admin routes answer 403 `TWO_FACTOR_REQUIRED` to an admin without a second factor. */
  REQUIRE_ADMIN_2FA: flag('off'),
  WEATHER_API_URL: z.url().default('https://api.open-meteo.com/v1/forecast'),
  GEOCODING_API_URL: z.url().default('https://geocoding-api.open-meteo.com/v1/search'),
  NEWS_FEED_URL: z.url().default('https://feeds.bbci.co.uk/news/world/rss.xml'),
  NEWS_API_KEY: z.string().optional(),
  /** A NewsData-style JSON API (`?apikey=&q=` answering `{ results: [{ title, link, image_url }] }`). */
  NEWS_API_URL: z.url().default('https://newsdata.io/api/1/latest'),
  /** The weather widget's city for members who never typed one (SPEC §7: not shown as typed). */
  DEFAULT_CITY: z.string().trim().min(1).max(100).default('Berlin'),
  /** How long a weather or news call may take before the widget answers 504. */
  THIRD_PARTY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** 1 GiB: room for the database, the logs and the uploads already under way. */
  UPLOAD_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_048_576).default(1024),
  /** `npm run start:cluster`'s worker processes (the name Heroku and others use); unset: one per core. */
  WEB_CONCURRENCY: z
    .string()
    .trim()
    .regex(/^\d{0,3}$/, WEB_CONCURRENCY_MESSAGE)
    .transform((value) => (value === '' ? undefined : Number(value)))
    .pipe(
      z.number().int().min(1, WEB_CONCURRENCY_MESSAGE).max(256, WEB_CONCURRENCY_MESSAGE).optional(),
    )
    .optional(),
  WELCOME_CREDIT: z
    .string()
    .regex(
      /^\d{1,5}(\.\d{1,2})?$/,
      'WELCOME_CREDIT must be euros with at most two decimals, e.g. 100.00',
    )
    .default('100.00'),
  /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (lib/s3-env.ts). */
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.-]{3,255}$/, 'S3_BUCKET must be a bucket name (letters, digits, . _ -)')
      .optional(),
  ),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // Pages load images from it, so only a web address will do.
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'S3_PUBLIC_URL must be an http:// or https:// address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_FORCE_PATH_STYLE: flag('off'),
  ...PUSH_ENV,
  BACKUP_DIR: optionalText,
  BACKUP_INTERVAL: backupInterval,
  BACKUP_KEEP: backupKeep,
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was given: only then is it the one origin the live socket accepts. */
  publicUrlSet: boolean;
  dataDir: string;
  logLevel: LogSettings['logLevel'];
  logFormat: LogSettings['logFormat'];
  /** Fastify's `trustProxy`: off, a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  rateLimits: boolean;
  /** Whether API answers leave compressed (plugins/compression.ts); off behind a proxy that does. */
  compression: boolean;
  /** No URL: embedded PGlite under dataDir (or in memory when dataDir is null, for tests). */
  databaseUrl: string | undefined;
  /** Whether PostgreSQL's pool serves requests that began before new ones (db/request-turns.ts). */
  requestTurns: boolean;
  redisUrl: string | undefined;
  /**
   * What every Redis key and the event channel begin with, so deployments can share one Redis.
   * Undefined: one derived from the deployment id in the database (plugins/redis.ts).
   */
  redisPrefix: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string | undefined;
  adminEmails: ReadonlySet<string>;
  requireAdmin2fa: boolean;
  weatherApiUrl: string;
  geocodingApiUrl: string;
  newsFeedUrl: string;
  newsApiKey: string | undefined;
  newsApiUrl: string;
  defaultCity: string;
  thirdPartyTimeoutMs: number;
  /** Uploads are refused (507) while the uploads folder's disk has less free than this. */
  uploadMinFreeBytes: number;
  /** Credit a member receives when the e-mail is confirmed. */
  welcomeCreditCents: number;
  /** Worker processes for `npm run start:cluster`; undefined: one per core. */
  webConcurrency: number | undefined;
  /** Uploads go to this bucket (S3_BUCKET set); undefined: files under dataDir/uploads. */
  s3: S3Options | undefined;
  /** VAPID_* as set; features/push/vapid-keys.ts completes them. */
  vapid: PushSettings['vapid'];
  /** Push endpoints on loopback, private or link-local addresses are accepted (tests only). */
  pushAllowPrivateHosts: boolean;
  /** How long a member's news gathers before its push is queued (lib/push-env.ts). */
  pushGatherMs: number;
  /** The server's own backups (BACKUP_DIR; unset: none): how often, how many are kept. */
  backups: { dir: string; intervalMs: number; keep: number } | undefined;
};

/**
 * Fastify 5 ignores a bare hop count (it cannot check who the peer is), so hops become the
 * equivalent function: the first `hops` addresses from the socket inward are proxies.
 */
export function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const lines = (parsed.error?.issues ?? []).map(
    (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
  );
  const s3 =
    parsed.data && s3Options(parsed.data, (name, message) => lines.push(`  ${name}: ${message}`));
  if (!parsed.success || lines.length) {
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    rateLimits: e.RATE_LIMITS,
    compression: e.COMPRESSION,
    databaseUrl: e.DATABASE_URL,
    requestTurns: e.REQUEST_TURNS,
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    adminEmails: new Set(e.ADMIN_EMAILS.split(',').flatMap((m) => m.trim().toLowerCase() || [])),
    weatherApiUrl: e.WEATHER_API_URL,
    geocodingApiUrl: e.GEOCODING_API_URL,
    newsFeedUrl: e.NEWS_FEED_URL,
    newsApiKey: e.NEWS_API_KEY || undefined,
    newsApiUrl: e.NEWS_API_URL,
    defaultCity: e.DEFAULT_CITY,
    thirdPartyTimeoutMs: e.THIRD_PARTY_TIMEOUT_MS,
    uploadMinFreeBytes: e.UPLOAD_MIN_FREE_MB * 1024 * 1024,
    welcomeCreditCents: Math.round(Number(e.WELCOME_CREDIT) * 100),
    webConcurrency: e.WEB_CONCURRENCY,
    s3,
    ...pushSettings(e),
    backups: e.BACKUP_DIR
      ? { dir: path.resolve(e.BACKUP_DIR), intervalMs: e.BACKUP_INTERVAL, keep: e.BACKUP_KEEP }
      : undefined,
  };
}
