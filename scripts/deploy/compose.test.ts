/**
 * deploy/ checked without Docker: what compose.yaml hands the app is what config.ts reads and
 * accepts, the proxy in front is the one hop TRUST_PROXY counts, and the image carries what the
 * server needs at run time. (`docker compose -f deploy/compose.yaml config` checks the syntax
 * where Docker Compose is installed.)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../apps/server/src/config';
import { migrationsFolder } from '../../apps/server/src/lib/paths';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFile(path.join(repoRoot, file), 'utf8');

type Service = {
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  image?: string;
  build?: { context: string; dockerfile: string };
  pull_policy?: string;
  logging?: { driver: string; options: Record<string, string> };
};
// `<<: *app`: the app services share one definition.
const compose = parse(await read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
};
const composeText = await read('deploy/compose.yaml');
const envExample = await read('deploy/.env.example');
const APP_IMAGE = 'devplay-app:';
const apps = Object.entries(compose.services).filter(([, service]) =>
  service.image?.startsWith(APP_IMAGE),
);
const rootPackage = JSON.parse(await read('package.json')) as { version?: string };

/** The variables config.ts's schema names: the only environment the server reads (DESIGN §3). */
async function variablesTheServerReads() {
  const source = await read('apps/server/src/config.ts');
  const schema = source.slice(source.indexOf('const envSchema = z.object({'));
  const body = schema.slice(0, schema.indexOf('\n});'));
  return new Set([...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!));
}

/** Compose's `${NAME}`, `${NAME:-default}` and `${NAME:?error}`, from `env` (as .env would). */
function interpolate(value: string, env: Record<string, string>) {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g,
    (_whole, name: string, kind?: string, rest?: string) => {
      const given = env[name];
      if (given) return given;
      if (kind === '?') throw new Error(`${name} is required: ${rest}`);
      return kind === '-' ? (rest ?? '') : '';
    },
  );
}

/** What deploy/.env would hold once filled in. */
const filledEnv = {
  SITE_ADDRESS: 'devplay.example.com',
  JWT_SECRET: 'a'.repeat(48),
  POSTGRES_PASSWORD: 'secret',
};

describe('deploy/compose.yaml', () => {
  it('runs two app instances of one image, built once from deploy/Dockerfile', () => {
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    const builders = Object.entries(compose.services).filter(([, service]) => service.build);
    expect(builders.map(([name]) => name)).toEqual(['app1']);
    expect(compose.services.app1!.build).toEqual({
      context: '..',
      dockerfile: 'deploy/Dockerfile',
    });
    expect(compose.services.app2!.image).toBe(compose.services.app1!.image);
    expect(compose.services.app2!.pull_policy).toBe('never');
  });

  it('tags the image with the version, unless DEVPLAY_VERSION names another', () => {
    const image = compose.services.app1!.image!;
    expect(interpolate(image, {})).toBe(`${APP_IMAGE}${rootPackage.version ?? '1.0.0'}`);
    expect(interpolate(image, { DEVPLAY_VERSION: '1.2.3' })).toBe(`${APP_IMAGE}1.2.3`);
  });

  it('caps every container’s log at three files of 10 MB', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.logging, name).toEqual({
        driver: 'json-file',
        options: { 'max-size': '10m', 'max-file': '3' },
      });
    }
  });

  it('gives each app the database, Redis, the shared secret, its address and the proxy hop', () => {
    for (const [name, app] of apps) {
      expect(Object.keys(app.environment ?? {}), name).toEqual(
        expect.arrayContaining([
          'DATABASE_URL',
          'REDIS_URL',
          'TRUST_PROXY',
          'JWT_SECRET',
          'PUBLIC_URL',
        ]),
      );
    }
  });

  it('sets no variable the server does not read', async () => {
    const known = await variablesTheServerReads();
    expect(known).toContain('TRUST_PROXY');
    for (const [name, app] of apps) {
      const unknown = Object.keys(app.environment ?? {}).filter((variable) => !known.has(variable));
      expect(unknown, name).toEqual([]);
    }
  });

  it('hands the apps values config.ts accepts: PostgreSQL, Redis, https and one proxy hop', () => {
    for (const [, app] of apps) {
      const env = Object.fromEntries(
        Object.entries(app.environment ?? {}).map(([key, value]) => [
          key,
          interpolate(value, filledEnv),
        ]),
      );
      const config = loadConfig(env);
      expect(config.databaseUrl).toBe('postgres://devplay:secret@postgres:5432/devplay');
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.publicUrl).toBe('https://devplay.example.com');
      expect(config.trustProxy).toBe(1);
      expect(config.jwtSecret).toBe(filledEnv.JWT_SECRET);
    }
  });

  it('refuses to start without the secrets rather than run with a default', () => {
    for (const [, app] of apps) {
      for (const secret of ['JWT_SECRET', 'POSTGRES_PASSWORD']) {
        const env = { ...filledEnv, [secret]: '' };
        expect(() =>
          Object.values(app.environment ?? {}).forEach((value) => interpolate(value, env)),
        ).toThrow(`${secret} is required`);
      }
    }
  });

  it('documents every variable it reads from .env in .env.example', () => {
    const used = new Set([...composeText.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]));
    const documented = new Set(
      [...envExample.matchAll(/^([A-Z0-9_]+)=/gm)].map((match) => match[1]),
    );
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('publishes ports from the proxy alone, so TRUST_PROXY=1 cannot be fooled', () => {
    const published = Object.entries(compose.services)
      .filter(([, service]) => service.ports?.length)
      .map(([name]) => name);
    expect(published).toEqual(['caddy']);
    for (const [, app] of apps) expect(app.environment?.TRUST_PROXY).toBe('1');
  });

  it('shares one uploads volume between the apps, mounted at DATA_DIR', () => {
    for (const [, app] of apps)
      expect(app.volumes).toContain(`uploads:${app.environment?.DATA_DIR}`);
  });

  it('keeps Redis append-only on a volume, so a restart does not start every rate limit afresh', () => {
    const redis = compose.services.redis!;
    const option = (name: string) => redis.command?.[redis.command.indexOf(name) + 1];
    expect(option('--appendonly')).toBe('yes');
    expect(redis.volumes).toContain('redis-data:/data');
    expect(composeText).toMatch(/^volumes:\n(?: {2}[\w-]+:\n)*? {2}redis-data:$/m);
  });
});

describe('deploy/Caddyfile', () => {
  it('balances over every app instance and checks /api/health', async () => {
    const caddyfile = await read('deploy/Caddyfile');
    const upstreams = /reverse_proxy ([^{\n]+)/.exec(caddyfile)![1]!.trim().split(/\s+/);
    expect(upstreams.map((upstream) => upstream.split(':')[0])).toEqual(apps.map(([name]) => name));
    expect(caddyfile).toMatch(/health_uri \/api\/health/);
  });
});

describe('deploy/Dockerfile', () => {
  it('builds and runs on Node 24, the current LTS', async () => {
    const bases = [...(await read('deploy/Dockerfile')).matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toBe('node:24-bookworm-slim');
  });

  it('runs the server as an unprivileged user, with its migrations and the web app', async () => {
    const dockerfile = await read('deploy/Dockerfile');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toContain(path.relative(repoRoot, migrationsFolder));
    expect(runtime).toContain('apps/web/dist');
    expect(runtime).toMatch(/^CMD \["node", "apps\/server\/dist\/server\.js"\]$/m);
  });
});
