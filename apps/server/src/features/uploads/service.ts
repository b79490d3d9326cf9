import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/index';
import type { Storage } from '../../plugins/storage';

/**
 * Stores a post image under a server-made name and records its owner: a post may only show an
 * image its author uploaded. A file whose row could not be written goes at once, and its share
 * of the owner's daily quota comes back.
 */
export async function uploadPostImage(db: Db, storage: Storage, ownerId: number, image: Buffer) {
  const saved = await storage.saveImage(image, 'post', ownerId);
  try {
    await db.insert(uploads).values({ ownerId, url: saved.url, kind: 'post' });
  } catch (error) {
    await saved.undo();
    throw error;
  }
  return saved.url;
}
