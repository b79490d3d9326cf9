import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestContext } from '../test/app';
import { createMember, seedPosts, type Member } from '../test/factories';
import { COMPRESS_MIN_BYTES } from './compression';

/** JSON of about `bytes` bytes, answered at /test/sized/:bytes. */
const sized = (bytes: number) => ({
  text: 'devplay '.repeat(Math.ceil(bytes / 8)).slice(0, bytes),
});

let ctx: TestContext;
let member: Member;
beforeAll(async () => {
  ctx = await createTestApp({}, (app) =>
    app.register(
      async (api) => {
        // As the API's routes are: in a scope of their own where compression is registered.
        await api.register(import('./compression'));
        api.get<{ Params: { bytes: string } }>('/sized/:bytes', async (request) =>
          sized(Number(request.params.bytes)),
        );
      },
      { prefix: '/test' },
    ),
  );
  member = await createMember(ctx);
  await seedPosts(ctx, member.id, 30);
});
afterAll(() => ctx.app.close());

const feed = (acceptEncoding?: string) =>
  member.client.get('/posts?limit=30', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});

/** A name the store makes (an avatar's): `/uploads/` serves no other. */
const AVATAR = '0b0e3c8e-7a0c-4a57-9d1e-1f2a3b4c5d6e.webp';

describe('compressed API answers', () => {
  it('does not inflate a compressed request body: it is not JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@b.co', password: 'whatever' })),
    });
    expect(response.statusCode).toBe(400);
  });

  it('sends a large JSON answer with brotli to a browser that accepts it', async () => {
    const plain = await feed();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES * 4);

    const response = await feed('gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    // What the route said of caching (the shared newest page: private, revalidated) stays.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).toBe(plain.headers.etag);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    // Quality 1, inline: byte for byte what one call at that quality makes of the plain answer.
    expect(response.rawPayload).toEqual(
      brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
    );
  });

  it('falls back to gzip, and never uses deflate', async () => {
    const gzip = await feed('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).items).toHaveLength(30);
    expect(gzip.rawPayload).toEqual(gzipSync((await feed()).rawPayload, { level: 1 }));
    expect((await feed('deflate')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves answers under 2 KB as they are, and compresses those from there', async () => {
    const at = (bytes: number) =>
      ctx.app.inject({ url: `/test/sized/${bytes}`, headers: { 'accept-encoding': 'br, gzip' } });
    const under = await at(COMPRESS_MIN_BYTES - 100);
    expect(under.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(under.rawPayload.length).toBeGreaterThan(1024);
    expect(under.headers['content-encoding']).toBeUndefined();
    const over = await at(COMPRESS_MIN_BYTES);
    expect(over.headers['content-encoding']).toBe('br');
  });

  it('leaves small answers as they are', async () => {
    const response = await ctx.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('leaves uploaded images as they are, however large', async () => {
    await writeFile(path.join(ctx.config.dataDir, 'uploads', AVATAR), Buffer.alloc(50_000));
    const response = await ctx.app.inject({
      url: `/uploads/${AVATAR}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(50_000);
  });
});

describe('COMPRESSION=off', () => {
  it('is read from the environment, and refuses anything but a switch', () => {
    expect(loadConfig({ COMPRESSION: 'off' }).compression).toBe(false);
    expect(loadConfig({}).compression).toBe(true);
    expect(() => loadConfig({ COMPRESSION: 'brotli' })).toThrow(/COMPRESSION/);
  });

  it('sends every answer as it is, for a reverse proxy to compress', async () => {
    const off = await createTestApp({ compression: false });
    try {
      const someone = await createMember(off);
      await seedPosts(off, someone.id, 30);
      const response = await someone.client.get('/posts?limit=30', {
        'accept-encoding': 'br, gzip',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES * 4);
    } finally {
      await off.app.close();
    }
  });
});
