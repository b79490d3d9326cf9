import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './config';
import { createTestApp, type TestContext } from './test/app';

/** Names the store makes (lib/file-store.ts): only those are served. */
const STORED = '0b0e3c8e-7a0c-4a57-9d1e-1f2a3b4c5d6e.webp';
const OTHER_STORED = '1b0e3c8e-7a0c-4a57-9d1e-1f2a3b4c5d6e-800x600-c2.webp';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'devplay-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  ctx = await createTestApp({ webDist });
  await writeFile(path.join(ctx.config.dataDir, 'uploads', STORED), 'uploaded');
});
afterAll(async () => {
  await ctx.app.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('the platform', () => {
  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    const response = await ctx.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('serves the SPA for client routes and fingerprinted assets with a long cache', async () => {
    for (const url of ['/', '/home_page', '/user/ada', '/message/12']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
    const asset = await ctx.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves uploads under /uploads/, and a missing one is a 404, not the app', async () => {
    const response = await ctx.app.inject({ url: `/uploads/${STORED}` });
    expect(response.body).toBe('uploaded');
    expect((await ctx.app.inject({ url: '/uploads/gone.webp' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/assets/gone.js' })).statusCode).toBe(404);
  });

  it('lets no cache keep an API answer, error or not', async () => {
    for (const url of ['/api/health', '/api/me', '/api/nothing-here']) {
      const response = await ctx.app.inject({ url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('has caches check an upload each time, so a deleted one is gone at once', async () => {
    const file = path.join(ctx.config.dataDir, 'uploads', OTHER_STORED);
    await writeFile(file, 'image');
    const first = await ctx.app.inject({ url: `/uploads/${OTHER_STORED}` });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.etag).toBeDefined();
    const again = await ctx.app.inject({
      url: `/uploads/${OTHER_STORED}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    await unlink(file);
    const gone = await ctx.app.inject({
      url: `/uploads/${OTHER_STORED}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('sends security headers with a CSP', async () => {
    const response = await ctx.app.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('keeps the document-only headers off JSON answers, and the ones that guard JSON on', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const response = await ctx.app.inject({ url });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-security-policy']).toBeUndefined();
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    }
    const docs = await ctx.app.inject({ url: '/api/docs/static/index.html' });
    expect(docs.headers['content-security-policy']).toBeDefined();
  });

  it('turns malformed JSON into a 400 in the error shape, never a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.any(String),
    });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/signup'].post.requestBody).toBeDefined();
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('configuration', () => {
  it('names every bad variable in one clear message', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', JWT_SECRET: 'short' }),
    ).toThrow(ConfigError);
    const load = () => loadConfig({ PORT: 'eighty', JWT_SECRET: 'short' });
    expect(load).toThrow('PORT');
    expect(load).toThrow('JWT_SECRET must be at least 32 characters long');
  });

  it('reads admins case-insensitively and defaults to the embedded database', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com' });
    expect([...config.adminEmails]).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it('takes a short REDIS_PREFIX of safe characters, and none by default', () => {
    const prefix = (REDIS_PREFIX?: string) => loadConfig({ REDIS_PREFIX }).redisPrefix;
    expect(prefix()).toBeUndefined();
    expect(prefix('')).toBeUndefined();
    expect(prefix(' shop:staging-2 ')).toBe('shop:staging-2');
    expect(prefix('x'.repeat(32))).toBe('x'.repeat(32));
    for (const bad of ['x'.repeat(33), 'a b', 'a*', ':a', 'a\nb', 'ü'])
      expect(() => prefix(bad), bad).toThrow('REDIS_PREFIX must be 1 to 32');
  });

  it('is production unless NODE_ENV says otherwise', () => {
    expect(loadConfig({}).env).toBe('production');
    expect(loadConfig({ NODE_ENV: 'development' }).env).toBe('development');
  });

  it('reads TRUST_PROXY as off, a hop count (on is one hop) or proxy addresses', () => {
    const trust = (TRUST_PROXY?: string) => loadConfig({ TRUST_PROXY }).trustProxy;
    expect([trust(), trust('off'), trust('0')]).toEqual([false, false, false]);
    expect([trust('on'), trust('true'), trust('1'), trust('2')]).toEqual([1, 1, 1, 2]);
    expect(trust('10.0.0.1, 10.1.0.0/16,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    for (const bad of ['yes', '10.0.0.1/33', 'proxy.local', '10.0.0.1,']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY must be off, on, a hop count/);
    }
  });

  it('trusts exactly the hops it was given', () => {
    const trust = trustProxyOption(1);
    expect(typeof trust === 'function' && [trust('10.0.0.1', 0), trust('10.0.0.2', 1)]).toEqual([
      true,
      false,
    ]);
  });
});
