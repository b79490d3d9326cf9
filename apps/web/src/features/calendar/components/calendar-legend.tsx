import { CALENDAR_DAY_TYPES, CALENDAR_MESSAGES, type CalendarDayType } from '@devplay/shared';
import styles from './calendar-legend.module.css';

const MARKS: Record<CalendarDayType, string> = { holiday: 'H', sick: 'S', unpaid: 'U' };
const dayCount = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** What each mark means, with the year's total for each type beside it. */
export function CalendarLegend({
  year,
  totals,
}: {
  year: number;
  totals: Record<CalendarDayType, number> | null;
}) {
  return (
    <div className={styles.legend}>
      <h3 className="visually-hidden">Legend and totals for {year}</h3>
      <ul className={styles.list}>
        {CALENDAR_DAY_TYPES.map((type) => (
          <li key={type} className={styles.item}>
            <span className={styles.swatch} data-type={type} aria-hidden="true">
              {MARKS[type]}
            </span>
            <span className={styles.name}>{CALENDAR_MESSAGES.typeLabels[type]}</span>
            <span className={styles.total}>{totals ? dayCount(totals[type]) : '…'}</span>
          </li>
        ))}
        <li className={styles.item}>
          <span className={styles.swatch} data-weekend aria-hidden="true" />
          <span className={styles.name}>Weekend</span>
        </li>
        <li className={styles.item}>
          <span className={styles.swatch} data-today aria-hidden="true" />
          <span className={styles.name}>Today</span>
        </li>
      </ul>
    </div>
  );
}
