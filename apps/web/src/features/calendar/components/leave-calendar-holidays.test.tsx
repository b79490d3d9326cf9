import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '../../../test/fetch-mock';
import { day, holiday, calendarHarness } from './leave-calendar-fixtures';

const { fetchMock, setup } = calendarHarness();

describe('LeaveCalendar for an admin', () => {
  it('lets an admin remove a holiday with a click and set one on a weekend with Shift+click', async () => {
    const { user, store } = await setup([holiday('2027-03-04')], { isAdmin: true });

    await user.click(day('4 March 2027, holiday'));
    expect(day('4 March 2027')).toBeInTheDocument();
    await waitFor(() => expect(store.has('2027-03-04')).toBe(false));

    await user.keyboard('{Shift>}');
    await user.click(day('6 March 2027, weekend'));
    await user.keyboard('{/Shift}');
    expect(day('6 March 2027, holiday, weekend')).toBeInTheDocument();
    await waitFor(() => expect(store.get('2027-03-06')?.type).toBe('holiday'));
    expect(requestsTo(fetchMock, 'POST /api/calendar')).toHaveLength(0);
  });

  it('lets an admin on a touch screen set holidays with Set holidays instead of Shift', async () => {
    const { user, store } = await setup([], { isAdmin: true });
    const mode = screen.getByRole('button', { name: 'Set holidays' });
    expect(mode).toHaveAttribute('aria-pressed', 'false');

    await user.click(mode);
    expect(mode).toHaveAttribute('aria-pressed', 'true');
    await user.click(day('3 March 2027'));
    expect(day('3 March 2027, holiday')).toBeInTheDocument();
    await waitFor(() => expect(store.get('2027-03-03')?.type).toBe('holiday'));
    await user.click(day('3 March 2027, holiday'));
    await waitFor(() => expect(store.has('2027-03-03')).toBe(false));

    // Off again, a press marks leave as for everyone.
    await user.click(mode);
    await user.click(day('3 March 2027'));
    expect(day('3 March 2027, sick')).toBeInTheDocument();
  });

  it('offers Set holidays to admins only', async () => {
    await setup([]);
    expect(screen.queryByRole('button', { name: 'Set holidays' })).not.toBeInTheDocument();
  });
});
