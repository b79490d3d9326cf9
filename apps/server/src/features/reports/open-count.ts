import { adminIds } from '../../db/admins';
import { countOpenReports } from '../../db/open-reports';
import type { Deps } from '../../deps';

export type OpenCountDeps = Pick<Deps, 'db' | 'events' | 'config'>;

/**
 * After a report came or went: every admin's sockets, on every process, hear the open count
 * (`reports:open`), read once the change committed. Two changes at once may read the same count;
 * the later read is never older than its own change.
 */
export async function announceOpenReports({ db, events, config }: OpenCountDeps) {
  const [open, admins] = await Promise.all([
    countOpenReports(db),
    adminIds(db, config.adminEmails),
  ]);
  if (admins.length > 0) await events.publish(admins, { type: 'reports:open', data: { open } });
}
