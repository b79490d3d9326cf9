import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { writeZip } from '../../lib/zip-writer';
import type { Storage } from '../../plugins/storage';
import { commentsOf, likesOf, postsOf } from './content-sections';
import { followsOf, messagesOf, transactionsOf } from './exchange-sections';
import { jsonArray, jsonDocument, jsonObjectOfArrays } from './json-parts';
import { addMedia } from './media';
import { leaveDaysOf, profileOf } from './profile-section';

export type ArchiveSources = { db: Db; storage: Pick<Storage, 'read'> };

/**
 * Writes the member's archive into `file` (API.md "Export"): a JSON file per kind of data, then
 * their images under media/. Each section is read as it is written, not in one snapshot: the
 * archive shows the member's data as it stood while it was made. Answers the zip's size.
 */
export function writeArchive(file: string, { db, storage }: ArchiveSources, user: UserRow) {
  return writeZip(file, async (zip) => {
    await zip.text('profile.json', jsonDocument(await profileOf(db, user)));
    await zip.text('posts.json', jsonArray(postsOf(db, user.id)));
    await zip.text('comments.json', jsonArray(commentsOf(db, user.id)));
    await zip.text('likes.json', jsonArray(likesOf(db, user.id)));
    await zip.text('follows.json', jsonObjectOfArrays(followsOf(db, user.id)));
    await zip.text('messages.json', jsonArray(messagesOf(db, user.id)));
    await zip.text('transactions.json', jsonArray(transactionsOf(db, user.id)));
    await zip.text('calendar.json', jsonDocument(await leaveDaysOf(db, user.id)));
    await addMedia(zip, db, storage, user.id);
  });
}
