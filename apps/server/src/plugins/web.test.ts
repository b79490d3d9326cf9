import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress';
import { createTestApp, type TestContext } from '../test/app';

// A built web app as `vite build` leaves it: text files with .br and .gz copies beside them.
const INDEX_HTML = `<!doctype html><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const ENTRY_JS = 'export const render = () => "the app";\n'.repeat(300);
const ROBOTS = 'User-agent: *\nAllow: /\nDisallow: /api/\n';
const WORKER_JS = `self.addEventListener('fetch', () => {});\n`.repeat(40);
const MANIFEST = JSON.stringify({
  name: 'DevPlay',
  start_url: '/home_page',
  padding: 'x'.repeat(2000),
});
// The home page's copy, which names its chunks too (vite-plugins.ts writes one per page).
const HOME_HTML = INDEX_HTML.replace(
  '<div',
  '<link rel="modulepreload" href="/assets/home-page-x.js"><div',
);

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'devplay-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), ENTRY_JS);
  await writeFile(path.join(webDist, 'robots.txt'), ROBOTS);
  await writeFile(path.join(webDist, 'sw.js'), WORKER_JS);
  await writeFile(path.join(webDist, 'manifest.webmanifest'), MANIFEST);
  await mkdir(path.join(webDist, 'pages'));
  await writeFile(path.join(webDist, 'pages', 'home.html'), HOME_HTML);
  await precompress(webDist);
  ctx = await createTestApp({ webDist });
});
afterAll(async () => {
  await ctx.app.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

describe('addresses that are not pages', () => {
  it('answers a missing asset or upload, and a compressed copy asked by name, with JSON 404', async () => {
    for (const url of ['/assets/missing.js', '/uploads/gone.webp', '/assets/index-abc123.js.br']) {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answers an unknown page address with the app and 404, for its "not found" page', async () => {
    for (const url of ['/no-such-page', '/user', '/user/5/extra', '/home_page/more']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('never answers a POST to a page address with the app', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/terms' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the pages and files of the web app', () => {
  it('serves /robots.txt as text, not the app, and too small to compress', async () => {
    const response = await get('/robots.txt', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(ROBOTS);
  });

  it("answers a page address with its page's copy of the app where the build made one", async () => {
    for (const url of ['/home_page', '/Home_page/', '/home_page?feed=following']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(HOME_HTML);
    }
    // The copies are answers to their page's address, not files of their own.
    for (const url of ['/pages/home.html', '/pages/home.html.br']) {
      expect((await get(url)).body, url).toBe(INDEX_HTML);
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('answers every page address with the app and 200', async () => {
    for (const url of ['/', '/terms', '/user/5', '/message/12', '/admin', '/calendar?y=2026']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the entry script brotli-compressed to a browser that accepts it', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.length).toBeLessThan(ENTRY_JS.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ENTRY_JS);
  });

  it('falls back to gzip, then to the file itself, as the browser accepts', async () => {
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ENTRY_JS);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(ENTRY_JS);
  });

  it('compresses the app for page addresses too, the known and the unknown', async () => {
    for (const [url, status] of [
      ['/profile', 200],
      ['/no-such-page', 404],
    ] as const) {
      const response = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('sends the service worker and the manifest with their types, to be asked for each time', async () => {
    for (const [url, type, body] of [
      ['/sw.js', /^(text|application)\/javascript/, WORKER_JS],
      ['/manifest.webmanifest', /^application\/manifest\+json/, MANIFEST],
    ] as const) {
      for (const encoding of ['br', 'identity']) {
        const response = await get(url, { 'accept-encoding': encoding });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(type);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        const sent =
          encoding === 'br' ? brotliDecompressSync(response.rawPayload) : response.rawPayload;
        expect(sent.toString(), url).toBe(body);
      }
    }
    expect((await get('/robots.txt')).headers['cache-control']).not.toBe('no-cache');
  });

  it('answers HEAD like GET, without a body', async () => {
    const page = await ctx.app.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toBe('');
    const known = await ctx.app.inject({ method: 'HEAD', url: '/terms' });
    expect(known.statusCode).toBe(200);
  });
});
