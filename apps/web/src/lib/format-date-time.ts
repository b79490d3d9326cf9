const pad = (value: number) => String(value).padStart(2, '0');

/**
 * SPEC §3: times read day.month.year hour:minute, 24-hour, in the reader's own time zone.
 * Built by hand because locale formats differ in separators and in 12/24-hour clocks.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}
