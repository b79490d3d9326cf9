import { CALENDAR_MESSAGES, dateParts, type CalendarDay } from '@devplay/shared';
import { setImmediate } from 'node:timers/promises';

/**
 * The iCalendar feed (RFC 5545): one all-day event per day, CRLF line endings, lines folded at 75
 * octets. Calendar apps poll it; it carries the leave window (LEAVE_WINDOW_YEARS), not one year.
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
  // Nearly every line of a feed is short: no walk through its characters.
  if (Buffer.byteLength(line) <= MAX_LINE_OCTETS) return line;
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

/** Events built between two turns of the event loop: other requests wait for one batch at most. */
const EVENTS_PER_TURN = 200;

/** Folded CRLF-ended lines. */
const folded = (lines: string[]) => lines.map(foldLine).join(CRLF) + CRLF;

export async function buildCalendarFeed(options: {
  ownerId: number;
  ownerName: string;
  days: CalendarDay[];
  host: string;
  now?: Date;
}): Promise<string> {
  const dtstamp = stamp(options.now ?? new Date());
  const parts = [
    folded([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//DevPlay//Leave calendar//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${escapeText(`DevPlay leave: ${options.ownerName}`)}`,
    ]),
  ];
  // What every event of a kind shares is escaped once, not once an event.
  const uidSuffix = escapeText(`@${options.host}`);
  const leaveUid = `leave-${options.ownerId}-`;
  const summaries = {} as Record<CalendarDay['type'], string>;
  for (const [type, summary] of Object.entries(CALENDAR_MESSAGES.feedSummaries)) {
    summaries[type as CalendarDay['type']] = `SUMMARY:${escapeText(summary)}`;
  }
  for (let start = 0; start < options.days.length; start += EVENTS_PER_TURN) {
    if (start > 0) await setImmediate();
    const lines: string[] = [];
    for (const day of options.days.slice(start, start + EVENTS_PER_TURN)) {
      const date = compactDate(day.date);
      lines.push(
        'BEGIN:VEVENT',
        `UID:${day.type === 'holiday' ? 'holiday-' : leaveUid}${date}${uidSuffix}`,
        `DTSTAMP:${dtstamp}`,
        `DTSTART;VALUE=DATE:${date}`,
        `DTEND;VALUE=DATE:${compactDate(nextDay(day.date))}`,
        summaries[day.type],
        `CATEGORIES:${day.type.toUpperCase()}`,
        // A day off or a leave day: the member is not available.
        'TRANSP:OPAQUE',
        'END:VEVENT',
      );
    }
    parts.push(folded(lines));
  }
  parts.push(folded(['END:VCALENDAR']));
  return parts.join('');
}
