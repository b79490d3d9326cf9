import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { loadEnvFileIfPresent } from './env-file';

const example = new URL('../../../../.env.example', import.meta.url);

describe('.env', () => {
  afterEach(() => {
    delete process.env.DEVPLAY_ENV_FILE_TEST;
  });

  it('is optional: no file, no error', () => {
    expect(() => loadEnvFileIfPresent(path.join(tmpdir(), 'devplay-no-such.env'))).not.toThrow();
  });

  it('fills in what the environment does not set, and leaves what it sets', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'devplay-env-'));
    const file = path.join(dir, '.env');
    await writeFile(file, 'DEVPLAY_ENV_FILE_TEST=from-file\n');
    loadEnvFileIfPresent(file);
    expect(process.env.DEVPLAY_ENV_FILE_TEST).toBe('from-file');
    process.env.DEVPLAY_ENV_FILE_TEST = 'from-environment';
    loadEnvFileIfPresent(file);
    expect(process.env.DEVPLAY_ENV_FILE_TEST).toBe('from-environment');
    await rm(dir, { recursive: true });
  });

  it('.env.example names the main settings and, copied as it is, starts the defaults', async () => {
    const values = parseEnv(await readFile(example, 'utf8'));
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'ADMIN_EMAILS', 'S3_BUCKET'])
      expect(values).toHaveProperty(name);
    const config = loadConfig(values);
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, smtpUrl: undefined });
  });
});
