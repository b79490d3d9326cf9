import sharp from 'sharp';
import type { startSmtpCatcher } from '../../apps/server/src/test/smtp-catcher';
import { registerMember, type E2eMember } from './members';

type Smtp = Awaited<ReturnType<typeof startSmtpCatcher>>;

const TOPICS = [
  ['Clutch 1v4 on Nuke last night', 'Held B site with a Deagle and a prayer. Demo link soon.'],
  ['Rust vs Go for a game server', 'Benchmarked both for our match-making queue; numbers inside.'],
  [
    'My desk setup, 2026 edition',
    'Finally a monitor arm that does not sag. Cable management next.',
  ],
  ['Inferno banana control guide', 'Three utility lineups that win the banana every round.'],
  ['TypeScript 6 first impressions', 'The new checker is fast; our build went from 40 s to 15 s.'],
  ['Looking for a duo for the cup', 'Rifler, 18k hours, calm on comms. Evenings CET.'],
  ['Dogtown is underrated', 'Long rotations, but the mid fights are the best in the pool.'],
  ['Profiling a React list', 'Virtualising 5,000 rows took the scroll from 20 to 60 fps.'],
] as const;

export async function api<T>(
  baseUrl: string,
  path: string,
  init: RequestInit & { token?: string } = {},
) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const response = await fetch(`${baseUrl}/api${path}`, { ...init, headers });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A photo-like picture (a gradient with noise), so its size and decoding cost are realistic. */
export async function picture(seed: number, width: number, height: number): Promise<Blob> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .png()
    .toBuffer();
  const hue = (seed * 47) % 360;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${hue + 60},70%,25%)"/>` +
      `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const jpeg = await sharp(gradient)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
}

/** Landscape, portrait and square pictures, as phones and cameras make them. */
const ASPECTS = [
  [1600, 900],
  [1000, 1250],
  [1200, 1200],
] as const;

export const seedMember = (name: string): E2eMember => ({
  email: `${name}@example.com`,
  username: name,
  password: `Frag1!${name}`,
});

/**
 * Realistic data for the quality bars: members who post (pictures in three aspects),
 * like, comment, follow, write to `main` and send it money, so every page has real content.
 */
/** Seeds members, posts, likes, comments, follows, messages and transfers; answers `main`'s post id. */
export async function seedCommunity(baseUrl: string, smtp: Smtp, main: E2eMember) {
  const others = ['ada', 'bob', 'cyd', 'dee', 'eli', 'fay', 'gus', 'hal'].map(seedMember);
  const members = [main, ...others];
  for (const member of members) await registerMember(baseUrl, smtp, member);
  const sessions = [];
  for (const member of members) {
    const { token, user } = await api<{ token: string; user: { id: number } }>(baseUrl, '/signin', {
      method: 'POST',
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    sessions.push({ member, token, id: user.id });
  }
  const [me, ...rest] = sessions;

  // One post each (the 15 s cooldown is per member), newest last so `main`'s is on top.
  const postIds: number[] = [];
  for (const [index, session] of [...rest, me!].entries()) {
    const [title, description] = TOPICS[index % TOPICS.length]!;
    // Every post needs a picture or a video (SPEC §5); videos would reach for YouTube.
    const [width, height] = ASPECTS[index % ASPECTS.length]!;
    const form = new FormData();
    form.append('image', await picture(index, width, height));
    const { url: image } = await api<{ url: string }>(baseUrl, '/upload-image', {
      method: 'POST',
      body: form,
      token: session.token,
    });
    const post = await api<{ id: number }>(baseUrl, '/post', {
      method: 'POST',
      body: JSON.stringify({ title, description, image }),
      token: session.token,
    });
    postIds.push(post.id);
  }

  for (const [index, session] of sessions.entries()) {
    for (const postId of postIds.slice(0, 4 + (index % 4))) {
      await api(baseUrl, '/like', {
        method: 'POST',
        body: JSON.stringify({ post_id: postId }),
        token: session.token,
      });
    }
    const text = `Good one! (${session.member.username})`;
    await api(baseUrl, '/comment', {
      method: 'POST',
      body: JSON.stringify({ postId: postIds[index % postIds.length], text }),
      token: session.token,
    });
    if (session !== me) {
      await api(baseUrl, '/follow', {
        method: 'POST',
        body: JSON.stringify({ username: session.member.username }),
        token: me!.token,
      });
      await api(baseUrl, '/messages', {
        method: 'POST',
        body: JSON.stringify({ receiverId: me!.id, text: `Hi ${main.username}, up for a match?` }),
        token: session.token,
      });
      await api(baseUrl, '/messages', {
        method: 'POST',
        body: JSON.stringify({ receiverId: session.id, text: 'Sure, tonight at eight.' }),
        token: me!.token,
      });
      await api(baseUrl, '/transaction', {
        method: 'POST',
        body: JSON.stringify({
          amount: 1 + index,
          userName: main.username,
          note: 'For the server costs',
          idempotencyKey: crypto.randomUUID(),
        }),
        token: session.token,
      });
    }
  }
  return postIds.at(-1)!;
}
