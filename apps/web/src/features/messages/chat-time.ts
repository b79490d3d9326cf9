import { formatDateTime } from '../../lib/format-date-time';

// All cut from SPEC §3's 'day.month.year hour:minute', so every time on screen agrees with it.
/** 'dd.mm.yyyy': the day, for the separators between days. */
export const formatDay = (iso: string) => formatDateTime(iso).slice(0, 10);

/** 'hh:mm': a message's time under its day's separator. */
export const formatClock = (iso: string) => formatDateTime(iso).slice(11);

/** The same local day as 'yyyy-mm-dd', for a separator's machine-readable date. */
export function isoDay(iso: string): string {
  const [day, month, year] = formatDay(iso).split('.');
  return `${year}-${month}-${day}`;
}
