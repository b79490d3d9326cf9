import { imageCopies, imageVariants, LIMITS, UPLOAD_MESSAGES } from '@devplay/shared';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestApp,
  signUpVerified,
  type Client,
  type TestContext,
  signUpUnverified,
} from '../../test/app';
import { publish } from '../../test/factories';
import { jpegWithExif, pngImage } from '../../test/multipart';

let ctx: TestContext;
let member: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  member = createClient(ctx.app);
  await signUpVerified(ctx, member);
});
afterAll(() => ctx.app.close());

async function fetchUpload(url: string) {
  const response = await ctx.app.inject({ url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('POST /api/upload-image', () => {
  it('answers 401 without a token and 403 before the e-mail is confirmed', async () => {
    expect(
      (await createClient(ctx.app).form('POST', '/upload-image', { image: await pngImage() }))
        .statusCode,
    ).toBe(401);
    const unverified = createClient(ctx.app);
    await signUpUnverified(unverified);
    expect(
      (await unverified.form('POST', '/upload-image', { image: await pngImage() })).statusCode,
    ).toBe(403);
  });

  it('answers 400 when no image was sent and 415 when the request is not a form', async () => {
    const empty = await member.form('POST', '/upload-image', { note: 'no file' });
    expect(empty.statusCode).toBe(400);
    const json = await member.post('/upload-image', { image: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ message: 'Please select an image file.', field: 'image' });
  });

  it('refuses a text file named .png, whatever type it declares (415)', async () => {
    const fake = {
      filename: 'evil.png',
      contentType: 'image/png',
      data: Buffer.from('<?php echo "hi"; ?>'),
    };
    const response = await member.form('POST', '/upload-image', { image: fake });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      message: 'Please select an image file.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('refuses a declared non-image type (415)', async () => {
    const pdf = {
      filename: 'doc.pdf',
      contentType: 'application/pdf',
      data: Buffer.from('%PDF-1.4'),
    };
    expect((await member.form('POST', '/upload-image', { image: pdf })).statusCode).toBe(415);
  });

  it(`refuses a file over ${LIMITS.imageMaxBytes} bytes (413)`, async () => {
    const big = {
      filename: 'big.png',
      contentType: 'image/png',
      data: Buffer.alloc(LIMITS.imageMaxBytes + 1, 1),
    };
    const response = await member.form('POST', '/upload-image', { image: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      message: 'Image too large (>5MB).',
      field: 'image',
    });
  });

  it('refuses an image with too many pixels, even when the file is small (413)', async () => {
    const huge = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(LIMITS.imageMaxBytes);
    const response = await member.form('POST', '/upload-image', {
      image: { filename: 'bomb.png', contentType: 'image/png', data: huge },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.imagePixels);
  });

  it('re-encodes to WebP under a server-made name, at most 1600 px wide, without EXIF', async () => {
    const response = await member.form('POST', '/upload-image', { image: await jpegWithExif() });
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}-1600x800-c2\.webp$/);
    const stored = await fetchUpload(url);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(LIMITS.postImageMaxWidthPx);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
  });
});

describe('GET /uploads/<name>', () => {
  it('serves only names the store makes, as images never sniffed: a page or script put there is a 404', async () => {
    const dir = path.join(ctx.config.dataDir, 'uploads');
    await writeFile(path.join(dir, 'evil.html'), '<script src="/uploads/evil.js"></script>');
    await writeFile(path.join(dir, 'evil.js'), 'alert(document.cookie)');
    for (const url of ['/uploads/evil.html', '/uploads/evil.js', '/uploads/']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
    const uploaded = await member.form('POST', '/upload-image', { image: await pngImage() });
    const image = await ctx.app.inject({ url: uploaded.json().url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('post images in two widths, named with their size', () => {
  const filesOnDisk = async () => (await readdir(path.join(ctx.config.dataDir, 'uploads'))).sort();
  const sizeOf = async (url: string) => {
    const { width, height } = await sharp(await fetchUpload(url)).metadata();
    return { width, height };
  };
  const upload = async (width: number, height: number) => {
    const response = await member.form('POST', '/upload-image', {
      image: await pngImage(width, height),
    });
    expect(response.statusCode).toBe(201);
    return response.json().url as string;
  };

  it('leaves no file behind when the image is refused', async () => {
    const before = await filesOnDisk();
    const notAnImage = { filename: 'a.png', contentType: 'image/png', data: Buffer.from('text') };
    expect((await member.form('POST', '/upload-image', { image: notAnImage })).statusCode).toBe(
      415,
    );
    expect(await filesOnDisk()).toEqual(before);
  });

  it('stores a 2000x1000 picture at 1600x800 with 480x240, 640x320 and 960x480 copies, and deleting the post removes all four', async () => {
    const url = await upload(2000, 1000);
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}-1600x800-c2\.webp$/);
    const copies = imageCopies(url).map((copy) => copy.url);
    expect(copies).toEqual(
      ['-480w', '-640w', '-960w'].map((w) => url.replace('.webp', `${w}.webp`)),
    );
    expect(await sizeOf(url)).toEqual({ width: 1600, height: 800 });
    expect(await Promise.all(copies.map(sizeOf))).toEqual([
      { width: 480, height: 240 },
      { width: 640, height: 320 },
      { width: 960, height: 480 },
    ]);
    expect(imageVariants(url)).toMatchObject({ width: 1600, height: 800 });

    const post = await publish(ctx, member, { image: url, video: undefined });
    expect((await member.delete(`/post/${post.id}`)).statusCode).toBe(200);
    for (const gone of [url, ...copies]) {
      expect((await ctx.app.inject({ url: gone })).statusCode, gone).toBe(404);
    }
  });

  it('keeps a picture 480 px wide or narrower in one file, at its own size', async () => {
    const before = await filesOnDisk();
    const narrow = await upload(480, 600);
    const tiny = await upload(64, 48);
    expect(narrow).toMatch(/-480x600-c2\.webp$/);
    expect(tiny).toMatch(/-64x48-c2\.webp$/);
    expect(await sizeOf(tiny)).toEqual({ width: 64, height: 48 });
    expect(await filesOnDisk()).toEqual(
      [...before, path.basename(narrow), path.basename(tiny)].sort(),
    );
  });

  it('removes every file of an image with its member', async () => {
    const leaving = createClient(ctx.app);
    await signUpVerified(ctx, leaving);
    const response = await leaving.form('POST', '/upload-image', {
      image: await pngImage(1200, 900),
    });
    const url = response.json().url as string;
    await publish(ctx, leaving, { image: url, video: undefined });
    const files = [url, ...imageCopies(url).map((copy) => copy.url)];
    expect(files).toHaveLength(4);
    for (const file of files) expect((await ctx.app.inject({ url: file })).statusCode).toBe(200);
    expect((await leaving.delete('/me')).statusCode).toBe(200);
    for (const file of files) expect((await ctx.app.inject({ url: file })).statusCode).toBe(404);
  });
});
