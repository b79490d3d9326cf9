import { ERROR_CODES, LIMITS, UPLOAD_MESSAGES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index';
import { createTestApp, sameUserElsewhere, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { pngImage, type FilePart } from '../../test/multipart';

const upload = (member: Member, image: FilePart) =>
  member.client.form('POST', '/upload-image', { image });
const uploadStatus = async (member: Member, image: FilePart) =>
  (await upload(member, image)).statusCode;
const notAnImage = { filename: 'a.png', contentType: 'image/png', data: Buffer.from('text') };

async function filesOf(ctx: TestContext) {
  return readdir(path.join(ctx.config.dataDir, 'uploads')).catch(() => []);
}
async function rowsOf(ctx: TestContext, member: Member) {
  return ctx.app.db.select().from(uploads).where(eq(uploads.ownerId, member.id));
}

/** A photo-like picture (noise compresses badly): its stored copies weigh hundreds of KB. */
async function noisyImage(width: number, height: number): Promise<FilePart> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const data = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { filename: 'photo.png', contentType: 'image/png', data };
}

describe("a member's daily image quota", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ storage: { dailyQuota: { images: 3, bytes: 100_000 } } });
  });
  afterAll(() => ctx.app.close());

  it('counts stored images, post images and avatars alike, and answers 429 past it', async () => {
    const member = await createMember(ctx);
    expect(await uploadStatus(member, notAnImage)).toBe(415);
    expect(await uploadStatus(member, await pngImage())).toBe(201);
    const avatar = await member.client.form('PUT', '/me', {
      username: member.username,
      fullName: 'Quota Member',
      age: '30',
      bio: 'Counting.',
      avatar: await pngImage(300, 300),
    });
    expect(avatar.statusCode).toBe(200);
    expect(await uploadStatus(member, await pngImage())).toBe(201);

    const refused = await upload(member, await pngImage());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: UPLOAD_MESSAGES.dailyQuota,
      code: ERROR_CODES.rateLimited,
    });
    expect(await rowsOf(ctx, member)).toHaveLength(3);
    // Another member's quota is their own.
    expect(await uploadStatus(await createMember(ctx), await pngImage())).toBe(201);
  });

  it('counts the bytes written; an image refused for its bytes counts for nothing', async () => {
    const member = await createMember(ctx);
    const before = await filesOf(ctx);
    const photo = await noisyImage(1200, 900);
    expect(await uploadStatus(member, photo)).toBe(429);
    expect(await filesOf(ctx)).toEqual(before);
    // Neither its count nor its bytes were taken: three small images still fit.
    for (let i = 0; i < 3; i++) expect(await uploadStatus(member, await pngImage())).toBe(201);
  });

  it('holds across two server processes on one database, even when uploads race', async () => {
    const other = await createTestApp({
      sameDatabaseAs: ctx,
      storage: { dailyQuota: { images: 3, bytes: 100_000 } },
    });
    try {
      const member = await createMember(ctx);
      const clients = [member.client, sameUserElsewhere(other.app, member.client)];
      const image = await pngImage();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          clients[i % 2]!.form('POST', '/upload-image', { image }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
      expect(await rowsOf(ctx, member)).toHaveLength(3);
    } finally {
      await other.app.close();
    }
  });
});

describe('a disk short of free space', () => {
  let ctx: TestContext;
  const disk = { freeBytes: 0 };
  beforeAll(async () => {
    ctx = await createTestApp({
      storage: {
        minFreeBytes: 1024 ** 3,
        dailyQuota: { images: 1, bytes: 100_000 },
        statfs: async () => ({ bavail: disk.freeBytes, bsize: 1 }),
      },
    });
  });
  afterAll(() => ctx.app.close());

  it('refuses an upload with 507, writing no file, no row and taking no quota', async () => {
    const member = await createMember(ctx);
    disk.freeBytes = 1024 ** 3 + 10;
    const response = await upload(member, await pngImage());
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({
      message: UPLOAD_MESSAGES.storageFull,
      code: ERROR_CODES.insufficientStorage,
    });
    expect(await filesOf(ctx)).toEqual([]);
    expect(await rowsOf(ctx, member)).toEqual([]);

    disk.freeBytes = 2 * 1024 ** 3;
    expect(await uploadStatus(member, await pngImage())).toBe(201);
  });

  it('reads the real disk when no stand-in is given', async () => {
    const real = await createTestApp({ storage: { minFreeBytes: Number.MAX_SAFE_INTEGER } });
    try {
      const member = await createMember(real);
      expect(await uploadStatus(member, await pngImage())).toBe(507);
    } finally {
      await real.app.close();
    }
  });
});

/** A PNG whose header declares `width`×`height`, with next to no pixel data behind it. */
function pngDeclaring(width: number, height: number): FilePart {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2], 8); // 8-bit RGB
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const data = Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { filename: 'bomb.png', contentType: 'image/png', data };
}

describe('images too large in dimensions', () => {
  let ctx: TestContext;
  let member: Member;
  beforeAll(async () => {
    ctx = await createTestApp();
    member = await createMember(ctx);
  });
  afterAll(() => ctx.app.close());

  it('answers 413 with the pixel limit for a PNG of a few bytes declaring 100000×100000', async () => {
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.data.length).toBeLessThan(100);
    const response = await upload(member, bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: UPLOAD_MESSAGES.imagePixels,
      code: ERROR_CODES.payloadTooLarge,
      field: 'image',
    });
  });

  it(`answers 413 with the side limit for a picture taller than ${LIMITS.imageMaxSidePx} px once stored`, async () => {
    const tall = await pngImage(100, 20_000);
    const response = await upload(member, tall);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: UPLOAD_MESSAGES.imageSide, field: 'image' });
    expect(UPLOAD_MESSAGES.imageSide).toBe('Image too large (max 16383×16383 pixels).');
  });
});
