import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import {
  dayLockedReason,
  daysInMonth,
  isoDate,
  isWeekend,
  type CalendarDay,
  type CalendarDayType,
} from '@devplay/shared';
import {
  DAY_COLUMNS,
  dayLabel,
  MONTH_NAMES,
  moveFocus,
  shownType,
  type DayPosition,
} from '../calendar-model';
import { useScrollEdges } from '../../../components/use-scroll-edges';
import styles from './year-grid.module.css';

const MONTHS = MONTH_NAMES.map((name, index) => ({ name, number: index + 1 }));
const MARKS: Record<CalendarDayType, string> = { holiday: 'H', sick: 'S', unpaid: 'U' };

interface YearGridProps {
  year: number;
  days: ReadonlyMap<string, CalendarDay>;
  today: string;
  /** The viewer sets holidays (`canSetHolidays`), so no day is locked to them. */
  setsHolidays: boolean;
  /** A day was clicked or pressed; `toggleHoliday` for Shift+click and Shift+Enter. */
  onActivate: (date: string, toggleHoliday: boolean) => void;
  /** Names the grid; the caller's heading. */
  labelledBy: string;
  describedBy?: string;
  busy?: boolean;
}

const positionOf = (date: string): DayPosition => ({
  month: Number(date.slice(5, 7)),
  day: Number(date.slice(8, 10)),
});

/**
 * SPEC §2 year matrix: months as rows, days 1-31 as columns; days a month lacks are blank cells
 * with nothing to press. One day at a time is in the Tab order (a roving tabindex): the arrows
 * move it, Enter or Space acts, Shift+Enter is an admin's holiday toggle.
 */
export function YearGrid({
  year,
  days,
  today,
  setsHolidays,
  onActivate,
  labelledBy,
  describedBy,
  busy = false,
}: YearGridProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useScrollEdges(scrollerRef);
  const defaultFocus = today.startsWith(`${year}-`) ? today : isoDate(year, 1, 1);
  const [focus, setFocus] = useState<{ year: number; date: string } | null>(null);
  const focusDate = focus?.year === year ? focus.date : defaultFocus;

  // On a phone the matrix scrolls sideways: bring today's column (or the 1st) into view at once.
  useEffect(() => {
    const table = tableRef.current;
    const scroller = scrollerRef.current;
    const cell = table?.querySelector(`[data-date="${defaultFocus}"]`);
    if (!table || !scroller || !cell || scroller.scrollWidth <= scroller.clientWidth) return;
    const pinned = table.querySelector('th[scope="row"]')?.getBoundingClientRect().width ?? 0;
    const offset = cell.getBoundingClientRect().left - scroller.getBoundingClientRect().left;
    scroller.scrollLeft += offset - pinned - (scroller.clientWidth - pinned) / 2;
  }, [defaultFocus]);

  const moveTo = (date: string) => {
    setFocus({ year, date });
    tableRef.current?.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      // Handled here, and the button's own click prevented, so Shift reaches the action.
      event.preventDefault();
      if (!event.repeat) onActivate(date, event.shiftKey);
      return;
    }
    const next = moveFocus(year, positionOf(date), event.key);
    if (!next) return;
    event.preventDefault();
    moveTo(isoDate(year, next.month, next.day));
  };

  const onClick = (event: MouseEvent<HTMLButtonElement>, date: string) => {
    setFocus({ year, date });
    onActivate(date, event.shiftKey);
  };

  return (
    <>
      <div ref={scrollerRef} className={styles.scroller}>
        <table
          ref={tableRef}
          role="grid"
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          aria-busy={busy || undefined}
          className={styles.grid}
        >
          <thead>
            <tr>
              <th scope="col" className={styles.corner}>
                <span className="visually-hidden">Month</span>
              </th>
              {DAY_COLUMNS.map((day) => (
                <th key={day} scope="col" className={styles.dayHead}>
                  {day}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {MONTHS.map((month) => {
              const length = daysInMonth(year, month.number);
              return (
                <tr key={month.number}>
                  <th scope="row" className={styles.month}>
                    <span className={styles.monthLong}>{month.name}</span>
                    <span className={styles.monthShort} aria-hidden="true">
                      {month.name.slice(0, 3)}
                    </span>
                  </th>
                  {DAY_COLUMNS.map((day) => {
                    if (day > length) return <td key={day} className={styles.blank} />;
                    const date = isoDate(year, month.number, day);
                    const type = shownType(days.get(date));
                    const weekend = isWeekend(date);
                    const isToday = date === today;
                    const locked =
                      !setsHolidays &&
                      dayLockedReason(date, { isHoliday: type === 'holiday' }) !== null;
                    return (
                      <td key={day} className={styles.cell}>
                        <button
                          type="button"
                          data-date={date}
                          data-type={type ?? undefined}
                          data-weekend={weekend || undefined}
                          data-today={isToday || undefined}
                          className={styles.day}
                          tabIndex={date === focusDate ? 0 : -1}
                          aria-label={dayLabel({ year, month: month.number, day }, type, {
                            weekend,
                            today: isToday,
                          })}
                          aria-disabled={locked || undefined}
                          onClick={(event) => onClick(event, date)}
                          onKeyDown={(event) => onKeyDown(event, date)}
                          onFocus={() => setFocus({ year, date })}
                        >
                          {type && <span aria-hidden="true">{MARKS[type]}</span>}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className={styles.more}>Scroll sideways for the other days of the month.</p>
    </>
  );
}
