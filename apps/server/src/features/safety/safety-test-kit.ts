import { newUser, type TestContext } from '../../test/app';
import { createMember, publish, type Member } from '../../test/factories';

/**
 * A viewer and the members around them, each with a post: `blocker` blocks the viewer, the viewer
 * blocks `blocked` and mutes `muted`, and `plain` is none of these. Usernames share `tag`, so a
 * search for it finds them all. The viewer followed each of them before; the blocks ended two of
 * those follows, the mute did not.
 */
export async function safetyCast(ctx: TestContext, tag: string) {
  const make = () => createMember(ctx, newUser(tag));
  const [viewer, blocker, blocked, muted, plain] = [
    await make(),
    await make(),
    await make(),
    await make(),
    await make(),
  ] as [Member, Member, Member, Member, Member];
  const posts = {
    viewer: await publish(ctx, viewer.client, { title: 'By the viewer' }),
    blocker: await publish(ctx, blocker.client, { title: 'By the blocker' }),
    blocked: await publish(ctx, blocked.client, { title: 'By the blocked' }),
    muted: await publish(ctx, muted.client, { title: 'By the muted' }),
    plain: await publish(ctx, plain.client, { title: 'By the plain' }),
  };
  for (const other of [blocker, blocked, muted, plain])
    await viewer.client.post('/follow', { username: other.username });
  await blocker.client.post('/block', { username: viewer.username });
  await viewer.client.post('/block', { username: blocked.username });
  await viewer.client.post('/mute', { username: muted.username });
  return { viewer, blocker, blocked, muted, plain, posts };
}

export type SafetyCast = Awaited<ReturnType<typeof safetyCast>>;

/** Who among the cast a list of members or posts' authors names. */
export function whoIn(cast: SafetyCast, ids: number[]) {
  const names = ['viewer', 'blocker', 'blocked', 'muted', 'plain'] as const;
  return names.filter((name) => ids.includes(cast[name].id));
}
