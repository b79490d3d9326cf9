import { CALENDAR_MESSAGES, dateParts, type CalendarDay } from '@devplay/shared';

/**
 * The iCalendar feed (RFC 5545): one all-day event per day, CRLF line endings, lines folded at 75
 * octets. Calendar apps poll it, so it carries everything, not one year.
 */

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
function escapeText(value: string) {
  const escaped = value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
  // Other control characters (tab aside) have no place in a TEXT value.
  return [...escaped].filter((char) => !isControl(char)).join('');
}

const isControl = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code < 0x20 && code !== 0x09) || code === 0x7f;
};

/** RFC 5545 §3.1: a line longer than 75 octets continues on the next after one space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  // Whole code points only: a UTF-8 sequence is never split across lines.
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1; // the leading space counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const compactDate = (date: string) => date.replaceAll('-', '');

function nextDay(date: string) {
  const { year, month, day } = dateParts(date)!;
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** UTC date-time form, e.g. 20270303T101500Z. */
const stamp = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

export function buildCalendarFeed(options: {
  ownerId: number;
  ownerName: string;
  days: CalendarDay[];
  host: string;
  now?: Date;
}): string {
  const dtstamp = stamp(options.now ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//DevPlay//Leave calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`DevPlay leave: ${options.ownerName}`)}`,
  ];
  for (const day of options.days) {
    const uid =
      day.type === 'holiday'
        ? `holiday-${compactDate(day.date)}@${options.host}`
        : `leave-${options.ownerId}-${compactDate(day.date)}@${options.host}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(uid)}`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${compactDate(day.date)}`,
      `DTEND;VALUE=DATE:${compactDate(nextDay(day.date))}`,
      `SUMMARY:${escapeText(CALENDAR_MESSAGES.feedSummaries[day.type])}`,
      `CATEGORIES:${day.type.toUpperCase()}`,
      // A day off or a leave day: the member is not available.
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
