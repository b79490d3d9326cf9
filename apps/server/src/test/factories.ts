import { sql } from 'drizzle-orm';
import { moveFeedVersion } from '../db/feed-version';
import { posts, users } from '../db/schema/index';
import { createClient, newUser, signUpVerified, type Client, type TestContext } from './app';
import { pngImage } from './multipart';

export const YOUTUBE_WATCH = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** Publishes through the API, first moving recent posts back in time so the cooldown never bites. */
export async function publish(
  ctx: TestContext,
  client: Client,
  patch: Record<string, unknown> = {},
) {
  await ctx.app.db.execute(
    sql`update posts set created_at = created_at - interval '1 minute' where created_at > now() - interval '1 minute'`,
  );
  const response = await client.post('/post', {
    title: 'Hello DevPlay',
    description: 'My very first post here',
    video: YOUTUBE_WATCH,
    ...patch,
  });
  if (response.statusCode !== 201) throw new Error(`publish failed: ${response.body}`);
  return response.json() as { id: number; image: string | null; video: string | null } & Record<
    string,
    unknown
  >;
}

export async function uploadImage(client: Client) {
  const response = await client.form('POST', '/upload-image', { image: await pngImage() });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().url as string;
}

/** Many posts straight into the table, oldest first, one second apart. */
export async function seedPosts(ctx: TestContext, authorId: number, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    authorId,
    title: `Seeded ${i}`,
    description: 'seeded description',
    video: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    createdAt: new Date(Date.now() - (n - i) * 1000 - 60_000),
  }));
  await ctx.app.db.insert(posts).values(rows);
  // Past the routes, so the feed's version moves as they would move it (db/feed-version.ts).
  await moveFeedVersion(ctx.app.db);
}

export async function userIdOf(ctx: TestContext, username: string) {
  const [row] = await ctx.app.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.username} = ${username}`);
  return row!.id;
}

/** A confirmed, signed-in member and the ways tests address them. */
export async function createMember(
  ctx: TestContext,
  patch: Partial<ReturnType<typeof newUser>> = {},
) {
  const client = createClient(ctx.app);
  const user = await signUpVerified(ctx, client, { ...newUser(), ...patch });
  return { ...user, client, token: client.token!, id: await userIdOf(ctx, user.username) };
}
export type Member = Awaited<ReturnType<typeof createMember>>;

/** A new full name through `PUT /me`, the rest of the profile as a member fills it in. */
export const rename = (member: Pick<Member, 'client' | 'username'>, fullName: string) =>
  member.client.form('PUT', '/me', {
    username: member.username,
    fullName,
    age: '30',
    bio: 'Plays on Fridays.',
  });
