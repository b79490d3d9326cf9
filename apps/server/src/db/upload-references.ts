import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { posts, uploads, users } from './schema/index';

/**
 * Whether anything still shows the upload's file: a post of its owner, or the owner's avatar. A
 * post may only show an image its author uploaded (`requireOwnUpload`) and a member only wears
 * their own avatar, so only the owner's rows are looked at, by index.
 */
const stillShown = sql`(
  exists (select 1 from ${posts}
    where ${posts.authorId} = ${uploads.ownerId} and ${posts.image} = ${uploads.url})
  or exists (select 1 from ${users}
    where ${users.id} = ${uploads.ownerId} and ${users.avatar} = ${uploads.url}))`;

/**
 * Deletes the uploads `which` selects that nothing shows any more, in the caller's transaction,
 * and answers their URLs: the files go once it has committed. Deleting a post, replacing its
 * picture and the sweep of abandoned uploads all ask this, so a file another post still shows
 * stays.
 *
 * The rows are locked first, and only then, in a statement of its own, is it asked what shows
 * them: that statement sees every post committed before the locks were granted. A row another
 * transaction holds is left alone: a post being published with it (`requireOwnUpload` holds it),
 * or another deletion, which decides for itself; what nothing shows in the end, the hourly sweep
 * takes. Skipping instead of waiting also keeps two edits swapping pictures from deadlocking.
 */
export async function dropUnshownUploads(tx: Db, which: SQL): Promise<string[]> {
  const locked = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(which, sql`not ${stillShown}`))
    .for('update', { skipLocked: true });
  if (locked.length === 0) return [];
  const dropped = await tx
    .delete(uploads)
    .where(
      and(
        inArray(
          uploads.id,
          locked.map((row) => row.id),
        ),
        sql`not ${stillShown}`,
      ),
    )
    .returning({ url: uploads.url });
  return dropped.map((row) => row.url);
}
