import { CalendarCheck, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { canSetHolidays, DATE_LIMITS, leaveWindow } from '@devplay/shared';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { RetryAlert } from '../../../components/retry-alert';
import { getErrorMessage } from '../../../lib/error-message';
import { useSession } from '../../../lib/session';
import { useCalendarYear, useDayWrite } from '../api';
import { actionFor, byDate, localToday, totalsOf } from '../calendar-model';
import { CalendarLegend } from './calendar-legend';
import { YearGrid } from './year-grid';
import styles from './leave-calendar.module.css';

interface LeaveCalendarProps {
  year: number;
  onYearChange: (year: number) => void;
}

/** The member's leave calendar of one year: the matrix, the year switch, legend and totals. */
export function LeaveCalendar({ year, onYearChange }: LeaveCalendarProps) {
  const headingId = useId();
  const helpId = useId();
  const { me } = useSession();
  const setsHolidays = me ? canSetHolidays(me) : false;
  // Why a day did not change is said above the matrix, not in a toast: the toasts' corner is
  // where the year switch sits, and the member's eyes are on the days anyway.
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'info' } | null>(null);
  // Shift+click's twin for touch screens, where there is no Shift: every press sets or removes a
  // holiday while it is on.
  const [holidayMode, setHolidayMode] = useState(false);
  const calendar = useCalendarYear(year);
  const write = useDayWrite({
    onRefused: (error) => setNotice({ text: getErrorMessage(error), tone: 'error' }),
  });
  const days = useMemo(() => byDate(calendar.data ?? []), [calendar.data]);
  const totals = useMemo(() => (calendar.data ? totalsOf(calendar.data) : null), [calendar.data]);
  const today = localToday();
  const currentYear = Number(today.slice(0, 4));

  const activate = (date: string, toggleHoliday: boolean) => {
    if (!calendar.data) return;
    const action = actionFor(date, days.get(date), {
      setsHolidays,
      toggleHoliday: toggleHoliday || holidayMode,
      window: leaveWindow(),
    });
    if (action.kind === 'locked') setNotice({ text: action.message, tone: 'info' });
    else {
      setNotice(null);
      write.mutate(action);
    }
  };

  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <div className={styles.toolbar}>
        <h2 id={headingId} className={styles.heading}>
          Leave calendar {year}
        </h2>
        <div className={styles.switch} role="group" aria-label="Year">
          <Button
            variant="ghost"
            iconOnly
            aria-label={`Previous year, ${year - 1}`}
            disabled={year <= DATE_LIMITS.yearMin}
            onClick={() => onYearChange(year - 1)}
          >
            <ChevronLeft size={20} aria-hidden />
          </Button>
          <span className={styles.year} aria-hidden="true">
            {year}
          </span>
          <Button
            variant="ghost"
            iconOnly
            aria-label={`Next year, ${year + 1}`}
            disabled={year >= DATE_LIMITS.yearMax}
            onClick={() => onYearChange(year + 1)}
          >
            <ChevronRight size={20} aria-hidden />
          </Button>
          {year !== currentYear && (
            <Button variant="secondary" size="sm" onClick={() => onYearChange(currentYear)}>
              This year
            </Button>
          )}
        </div>
      </div>
      <p id={helpId} className={styles.help}>
        Click a working day to mark it sick, again for unpaid, once more to clear it. Weekends and
        holidays cannot be marked.
        {setsHolidays &&
          ' As an admin, click a holiday to remove it, or turn on Set holidays (or Shift+click) to set or remove a holiday on any day.'}
        <span className={styles.keys}>
          {' '}
          Arrow keys move between days; Enter or Space marks one
          {setsHolidays && ', Shift+Enter a holiday'}.
        </span>
      </p>
      {setsHolidays && (
        <Button
          variant={holidayMode ? 'primary' : 'secondary'}
          size="sm"
          className={styles.mode}
          aria-pressed={holidayMode}
          onClick={() => setHolidayMode((on) => !on)}
        >
          <CalendarCheck size={16} aria-hidden />
          Set holidays
        </Button>
      )}
      <p className={styles.notice} data-tone={notice?.tone} role="status">
        {notice?.text}
      </p>
      {calendar.isError ? (
        <RetryAlert
          text={getErrorMessage(calendar.error)}
          onRetry={() => void calendar.refetch()}
        />
      ) : (
        <YearGrid
          year={year}
          days={days}
          today={today}
          setsHolidays={setsHolidays}
          onActivate={activate}
          labelledBy={headingId}
          describedBy={helpId}
          busy={calendar.isPending}
        />
      )}
      <CalendarLegend year={year} totals={totals} />
    </Card>
  );
}
