import { formatDateTime } from '../../lib/format-date-time';

// All cut from SPEC §3's 'day.month.year hour:minute', so every time on screen agrees with it.
/** 'dd.mm.yyyy': the day, for the separators between days. */
export const formatDay = (iso: string) => formatDateTime(iso).slice(0, 10);

/** The same local day as 'yyyy-mm-dd', for a separator's machine-readable date. */
export function isoDay(iso: string): string {
  const [day, month, year] = formatDay(iso).split('.');
  return `${year}-${month}-${day}`;
}

/** 'hh:mm', 24-hour: for a bubble, whose day the separator above already shows. */
export const formatTime = (iso: string) => formatDateTime(iso).slice(11);

/** A conversation's time: just the hour today, the full SPEC form for older days. */
export function formatListTime(iso: string, now = new Date()): string {
  return formatDay(iso) === formatDay(now.toISOString()) ? formatTime(iso) : formatDateTime(iso);
}
