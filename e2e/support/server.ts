import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from './free-port';
import { startWidgetStubs } from '../../apps/server/src/test/widget-stubs';

const repoRoot = path.resolve(import.meta.dirname, '../..');
export const builtServer = path.join(repoRoot, 'apps/server/dist/server.js');

/** Pictures would come from hosts this machine cannot reach; the carousel shows its placeholder. */
const HEADLINES_WITHOUT_IMAGES = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Stub world news</title><link>https://news.example/</link>
<description>Journeys</description>
<item><title>First world headline</title><link>https://news.example/1</link></item>
<item><title>Second world headline</title><link>https://news.example/2</link></item>
</channel></rss>`;

/** A new DATA_DIR: a copy of the migrated one the run made (data-template.ts), if there is one. */
async function throwawayDataDir() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-e2e-'));
  const template = inject('e2eDataTemplate');
  if (template) await cp(template, dataDir, { recursive: true });
  return dataDir;
}

/** How a journey reaches the server: an IP address by default; a name where WebAuthn needs one. */
export type SiteHost = '127.0.0.1' | 'localhost';

/**
 * The real, built server (`npm run build` first) on a free port, by default with a throwaway
 * DATA_DIR. With `siteHost: 'localhost'` pages open it (and PUBLIC_URL names it) by that name,
 * as passkeys need a domain for their RP id, and browsers refuse an IP address.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; siteHost?: SiteHost } = {},
) {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await throwawayDataDir());
  const url = `http://${options.siteHost ?? '127.0.0.1'}:${port}`;
  // Node may try ::1 first for localhost; the server listens on 127.0.0.1 either way.
  const healthUrl = `http://127.0.0.1:${port}/api/health`;
  const output: string[] = [];
  // The home page's weather and news come through the server; here from local stand-ins, never
  // from the internet, so every journey sees the same city and headlines.
  const stubs = await startWidgetStubs();
  stubs.setFeed(HEADLINES_WITHOUT_IMAGES);
  const child: ChildProcess = spawn(process.execPath, [builtServer], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      GEOCODING_API_URL: stubs.config.geocodingApiUrl,
      WEATHER_API_URL: stubs.config.weatherApiUrl,
      NEWS_FEED_URL: stubs.config.newsFeedUrl,
      NEWS_API_URL: stubs.config.newsApiUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    const healthy = await fetch(healthUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline)
      throw new Error(`server did not become healthy:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await stubs.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
