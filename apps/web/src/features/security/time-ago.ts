import { formatDateTime } from '../../lib/format-date-time';

const MINUTE_MS = 60_000;

const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * A recent moment as how long ago it was (within the day, where a member tells their devices
 * apart by it); an older one as its date and time.
 */
export function timeAgo(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / MINUTE_MS);
  // A browser clock behind the server's puts the moment ahead of now: it is just now all the same.
  if (minutes < 1) return 'just now';
  if (minutes < 60) return ago(minutes, 'minute');
  if (minutes < 24 * 60) return ago(Math.floor(minutes / 60), 'hour');
  return formatDateTime(iso);
}
