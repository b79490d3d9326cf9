import { useSearchParams } from 'react-router';
import { DATE_LIMITS } from '@devplay/shared';
import { CalendarFeed } from '../../features/calendar/components/calendar-feed';
import { LeaveCalendar } from '../../features/calendar/components/leave-calendar';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import simple from './simple-page.module.css';

const shownYear = (value: string | null) => {
  const year = Number(value);
  const valid =
    Number.isInteger(year) && year >= DATE_LIMITS.yearMin && year <= DATE_LIMITS.yearMax;
  return value && valid ? year : new Date().getFullYear();
};

/** SPEC §2 /calendar: the year matrix (the current year unless ?year= says otherwise). */
export function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const year = shownYear(params.get('year'));
  const current = new Date().getFullYear();

  const changeYear = (next: number) =>
    setParams(
      (existing) => {
        const updated = new URLSearchParams(existing);
        if (next === current) updated.delete('year');
        else updated.set('year', String(next));
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <title>Calendar · DevPlay</title>
      <ThreeColumnLayout
        center={
          <>
            <h1 className={simple.title}>Calendar</h1>
            <LeaveCalendar year={year} onYearChange={changeYear} />
            <CalendarFeed />
          </>
        }
      />
    </>
  );
}
