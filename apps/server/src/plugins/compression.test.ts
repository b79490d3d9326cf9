import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { createMember, seedPosts, type Member } from '../test/factories';
import { COMPRESS_MIN_BYTES } from './compression';

let ctx: TestContext;
let member: Member;
beforeAll(async () => {
  ctx = await createTestApp();
  member = await createMember(ctx);
  await seedPosts(ctx, member.id, 30);
});
afterAll(() => ctx.app.close());

const feed = (acceptEncoding?: string) =>
  member.client.get('/posts?limit=30', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});

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
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(plain.json());
  });

  it('falls back to gzip, and never uses deflate', async () => {
    const gzip = await feed('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).items).toHaveLength(30);
    expect((await feed('deflate')).headers['content-encoding']).toBeUndefined();
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
    await writeFile(path.join(ctx.config.dataDir, 'uploads', 'big.webp'), Buffer.alloc(50_000));
    const response = await ctx.app.inject({
      url: '/uploads/big.webp',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(50_000);
  });
});
