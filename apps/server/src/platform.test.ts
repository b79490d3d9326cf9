import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { createTestApp, type TestContext } from './test/app';

let ctx: TestContext;
beforeAll(async () => {
  const webDist = await mkdtemp(path.join(tmpdir(), 'devplay-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  ctx = await createTestApp({ webDist });
  await writeFile(path.join(ctx.config.dataDir, 'uploads', 'a.txt'), 'uploaded');
});
afterAll(() => ctx.app.close());

describe('the platform', () => {
  it('reports health with the database', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

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
    const response = await ctx.app.inject({ url: '/uploads/a.txt' });
    expect(response.body).toBe('uploaded');
    expect((await ctx.app.inject({ url: '/uploads/gone.webp' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/assets/gone.js' })).statusCode).toBe(404);
  });

  it('sends security headers with a CSP', async () => {
    const response = await ctx.app.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
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
    try {
      loadConfig({ PORT: 'eighty', JWT_SECRET: 'short' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('JWT_SECRET must be at least 32 characters long');
    }
  });

  it('reads admins case-insensitively and defaults to the embedded database', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com' });
    expect([...config.adminEmails]).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });
});
