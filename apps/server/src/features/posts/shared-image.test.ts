import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish, uploadImage, type Member } from '../../test/factories';

/**
 * An author may show one upload on several posts: the file goes with the last post that shows
 * it, however that one goes (deleted by the author or an admin, or its picture replaced). The
 * sweep of abandoned uploads asks the same (uploads/cleanup-job.test.ts).
 */
const ADMIN_EMAIL = 'shared-image-admin@example.com';

let ctx: TestContext;
let author: Member;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set([ADMIN_EMAIL]), rateLimits: false });
  author = await createMember(ctx);
  admin = await createMember(ctx, { email: ADMIN_EMAIL });
});
afterAll(() => ctx.app.close());

const fileStatus = async (url: string) => (await ctx.app.inject({ url })).statusCode;
const imageOf = async (postId: number) =>
  (await author.client.get(`/post/${postId}`)).json().image as string | null;

/** An upload shown by two posts of the author. */
async function sharedImage() {
  const image = await uploadImage(author.client);
  const first = await publish(ctx, author.client, { image });
  const second = await publish(ctx, author.client, { image });
  return { image, first, second };
}

describe('an image two posts show', () => {
  it.each([
    ['its author deletes one', (id: number) => author.client.delete(`/post/${id}`)],
    ['an admin deletes one', (id: number) => admin.client.delete(`/admin/post/${id}`)],
    [
      'one shows another image',
      async (id: number) => {
        const other = await uploadImage(author.client);
        return author.client.patch(`/post/${id}`, { image: other });
      },
    ],
  ])('stays while the other shows it when %s, and goes with the last', async (_, change) => {
    const { image, first, second } = await sharedImage();
    expect((await change(first.id)).statusCode).toBe(200);
    expect(await fileStatus(image)).toBe(200);
    expect(await imageOf(second.id)).toBe(image);
    expect((await author.client.delete(`/post/${second.id}`)).statusCode).toBe(200);
    expect(await fileStatus(image)).toBe(404);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'stays when the last post showing it goes while a post with it is being published',
    async () => {
      const image = await uploadImage(author.client);
      const last = await publish(ctx, author.client, { image });
      // The publishing transaction holds the upload as requireOwnUpload does, then commits its
      // post once the deletion has answered.
      await ctx.app.db.transaction(async (tx) => {
        await tx.execute(sql`select id from uploads where url = ${image} for key share`);
        expect((await author.client.delete(`/post/${last.id}`)).statusCode).toBe(200);
        await tx.execute(sql`insert into posts (author_id, title, description, image)
          values (${author.id}, 'Published meanwhile', 'It shows the image', ${image})`);
      });
      expect(await fileStatus(image)).toBe(200);
    },
  );
});
