import { UPLOAD_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestContext } from '../test/app';
import { startS3Server, type TestS3 } from '../test/s3-server';
import { openBucket, type Bucket } from './s3-bucket';
import { s3FileStore } from './s3-file-store';

let s3: TestS3;
let bucket: Bucket;
beforeAll(async () => {
  s3 = await startS3Server({ pageSize: 400 });
  bucket = openBucket(optionsOf());
});
afterAll(async () => {
  bucket.close();
  await s3.close();
});
beforeEach(() => {
  s3.objects.clear();
  s3.failPutsAfter(null);
});

/** The S3 settings a server reads from the environment, pointed at the test server. */
const optionsOf = (env: Record<string, string> = {}) => loadConfig(s3.env(env)).s3!;

const quietLog = () => ({ warn: vi.fn(), error: vi.fn() });
const filesNamed = (...names: string[]) =>
  names.map((name) => ({ name, data: Buffer.from(`bytes of ${name}`) }));

describe('the S3 file store', () => {
  it('puts every file as a WebP that caches ask for again, and removes them again', async () => {
    const store = s3FileStore(bucket, quietLog());
    await store.ensureRoom(10 ** 12);
    await store.writeAll(filesNamed('a.webp', '../b.webp'));
    expect([...s3.objects.keys()].sort()).toEqual(['a.webp', 'b.webp']);
    expect(s3.objects.get('a.webp')).toMatchObject({
      data: Buffer.from('bytes of a.webp'),
      contentType: 'image/webp',
      cacheControl: 'public, no-cache',
    });
    await store.removeAll(['a.webp', 'b.webp', 'never-there.webp']);
    expect(s3.objects.size).toBe(0);
  });

  it('reads an object back by its name, and answers null for one that is gone', async () => {
    const store = s3FileStore(bucket, quietLog());
    await store.writeAll(filesNamed('a.webp'));
    expect((await store.read('/uploads/a.webp'))?.toString()).toBe('bytes of a.webp');
    expect(await store.read('never-there.webp')).toBeNull();
    const wrong = openBucket(optionsOf({ S3_SECRET_ACCESS_KEY: 'not-the-secret' }));
    try {
      await expect(s3FileStore(wrong, quietLog()).read('a.webp')).rejects.toThrow(
        /reading a\.webp failed: SignatureDoesNotMatch/,
      );
    } finally {
      wrong.close();
    }
  });

  it('leaves nothing half written when the bucket fails mid-upload, and says so clearly', async () => {
    const log = quietLog();
    const store = s3FileStore(bucket, log);
    s3.failPutsAfter(1);
    const failed = store.writeAll(filesNamed('one.webp', 'two.webp', 'three.webp'));
    await expect(failed).rejects.toMatchObject({
      statusCode: 503,
      code: 'UPSTREAM_FAILED',
      message: UPLOAD_MESSAGES.storageUnavailable,
    });
    expect(s3.objects.size).toBe(0);
    expect(String(log.error.mock.calls[0]?.[0]?.err)).toMatch(/ServiceUnavailable.*HTTP 503/);
  });

  it('answers a wrong secret with a clear error, not a crash; removing stays quiet', async () => {
    const wrong = openBucket(optionsOf({ S3_SECRET_ACCESS_KEY: 'not-the-secret' }));
    try {
      await expect(wrong.put('x.webp', Buffer.from('x'))).rejects.toThrow(
        /S3 bucket devplay-test: storing x\.webp failed: SignatureDoesNotMatch \(HTTP 403\)/,
      );
      const log = quietLog();
      const store = s3FileStore(wrong, log);
      await expect(store.writeAll(filesNamed('y.webp'))).rejects.toMatchObject({ statusCode: 503 });
      log.warn.mockClear();
      await expect(store.removeAll(['y.webp'])).resolves.toBeUndefined();
      expect(log.warn).toHaveBeenCalledOnce();
      expect(s3.objects.size).toBe(0);
    } finally {
      wrong.close();
    }
  });

  it('lists and deletes past one request: pages of the listing, batches of 1000 deletions', async () => {
    const names = Array.from({ length: 1001 }, (_, i) => `${String(i).padStart(4, '0')}.webp`);
    for (const name of names) {
      s3.objects.set(name, {
        data: Buffer.from(name),
        contentType: 'image/webp',
        cacheControl: '',
      });
    }
    const listed: string[] = [];
    for await (const name of bucket.names()) listed.push(name);
    expect(listed).toEqual(names);
    await bucket.removeMany(names);
    expect(s3.objects.size).toBe(0);
  });
});

describe('uploads served from the bucket', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ s3: optionsOf() });
  });
  afterAll(() => ctx.app.close());

  it('redirects /uploads/<name> to S3_PUBLIC_URL, where the stored bytes are', async () => {
    const pic = '0b0e3c8e-7a0c-4a57-9d1e-1f2a3b4c5d6e.webp';
    await bucket.put(pic, Buffer.from('the picture'));
    const response = await ctx.app.inject({ url: `/uploads/${pic}` });
    expect(response.statusCode).toBe(301);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers.location).toBe(`${s3.url}/${s3.bucket}/${pic}`);
    const served = await fetch(response.headers.location!);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await served.arrayBuffer()).toString()).toBe('the picture');
  });

  it('sends no name the store could not have made anywhere: climbing, NUL, hidden, empty, long', async () => {
    // A whole `..` segment, even as %2E%2E, is resolved by the client (here inject's URL parser)
    // before it is sent: `/uploads/..` asks for `/`.
    const names = ['..%2Fsecret', 'a%00.webp', '', '.env', `${'a'.repeat(300)}.webp`, 'evil.html'];
    for (const url of names.map((name) => `/uploads/${name}`)) {
      const response = await ctx.app.inject({ url });
      // Fastify itself refuses a name past 100 characters (maxParamLength).
      expect(response.statusCode, url).toBe(url.length > 150 ? 414 : 404);
      expect(response.headers.location, url).toBeUndefined();
    }
  });

  it("lets pages load images from the bucket's origin, even over plain http", async () => {
    const page = await ctx.app.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toMatch(
      new RegExp(`img-src [^;]*${s3.url.replace(/[.]/g, '\\.')}`),
    );
  });
});
