import type { Session } from '@devplay/shared';
import type { sessions } from '../../db/schema/index';
import { describeBrowser, maskAddress } from '../../lib/device';

/** API.md `Session`; `current` is the one the request came with. */
export function presentSession(
  row: typeof sessions.$inferSelect,
  currentFamily: string | null,
): Session {
  return {
    id: row.familyId,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    ...describeBrowser(row.userAgent),
    ip: maskAddress(row.ip),
    current: row.familyId === currentFamily,
  };
}
