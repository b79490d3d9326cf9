import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '@devplay/shared';
import { deferred, requestsTo } from '../../../test/fetch-mock';
import { jsonResponse } from '../../../test/render';
import { body, day, holiday, leave, calendarHarness } from './leave-calendar-fixtures';

const { fetchMock, setup } = calendarHarness();

describe('LeaveCalendar', () => {
  it('shows months as rows and days 1-31 as columns, with no cell to press on 30 February', async () => {
    await setup();

    expect(screen.getAllByRole('row')).toHaveLength(13);
    expect(screen.getAllByRole('columnheader')).toHaveLength(32);
    expect(screen.getByRole('rowheader', { name: /February/ })).toBeInTheDocument();
    expect(day('28 February 2027, weekend')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^29 February/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^30 February/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^31 April/)).not.toBeInTheDocument();
    expect(day('10 March 2027, today')).toBeInTheDocument();
  });

  it('cycles a working day empty → sick → unpaid → empty, saving each step at once', async () => {
    const { user, store } = await setup();

    await user.click(day('3 March 2027'));
    expect(day('3 March 2027, sick')).toBeInTheDocument();
    await waitFor(() => expect(store.get('2027-03-03')?.type).toBe('sick'));

    await user.click(day('3 March 2027, sick'));
    expect(day('3 March 2027, unpaid')).toBeInTheDocument();
    await waitFor(() => expect(store.get('2027-03-03')?.type).toBe('unpaid'));

    await user.click(day('3 March 2027, unpaid'));
    expect(day('3 March 2027')).toBeInTheDocument();
    await waitFor(() => expect(store.has('2027-03-03')).toBe(false));

    const posts = requestsTo(fetchMock, 'POST /api/calendar').map(([, init]) => body(init));
    expect(posts).toEqual([
      { date: '2027-03-03', type: 'sick' },
      { date: '2027-03-03', type: 'unpaid' },
    ]);
  });

  it("shows the change before the server answers and rolls it back with the server's message", async () => {
    const { user } = await setup([leave('2027-03-03', 'sick')]);
    const answer = deferred<Response>();
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      init?.method === 'POST' ? answer.promise : base(input, init),
    );

    await user.click(day('3 March 2027, sick'));
    expect(day('3 March 2027, unpaid')).toBeInTheDocument();

    answer.resolve(
      jsonResponse({
        status: 403,
        body: { message: CALENDAR_MESSAGES.holidayLocked, code: 'DAY_LOCKED', field: 'date' },
      }),
    );

    expect(await screen.findByText(CALENDAR_MESSAGES.holidayLocked)).toBeInTheDocument();
    expect(day('3 March 2027, sick')).toBeInTheDocument();
  });

  it('keeps weekends and admin holidays closed to members, saying why, without asking the server', async () => {
    const { user } = await setup([holiday('2027-03-04')]);
    const calls = fetchMock.mock.calls.length;

    await user.click(day('6 March 2027, weekend'));
    // Said in the calendar, above the days, not in a toast over the year switch.
    const calendar = screen.getByRole('region', { name: 'Leave calendar 2027' });
    expect(await within(calendar).findByText(CALENDAR_MESSAGES.weekendLocked)).toBeInTheDocument();

    const holidayCell = day('4 March 2027, holiday');
    expect(holidayCell).toHaveAttribute('aria-disabled', 'true');
    await user.click(holidayCell);
    expect(await within(calendar).findByText(CALENDAR_MESSAGES.holidayLocked)).toBeInTheDocument();
    expect(screen.queryByText(CALENDAR_MESSAGES.weekendLocked)).not.toBeInTheDocument();

    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(day('4 March 2027, holiday')).toBeInTheDocument();
  });

  it('shows only holidays an admin set as holidays', async () => {
    await setup([{ date: '2027-03-04', type: 'holiday', setByAdmin: false }]);

    expect(day('4 March 2027')).toBeInTheDocument();
  });

  it('counts each type for the year in the legend', async () => {
    await setup([
      holiday('2027-01-01'),
      leave('2027-03-03', 'sick'),
      leave('2027-03-04', 'sick'),
      leave('2027-03-05', 'unpaid'),
    ]);

    const item = (name: string) => screen.getByText(name, { selector: 'span' }).parentElement;
    expect(item('Holiday')).toHaveTextContent('1 day');
    expect(item('Sick')).toHaveTextContent('2 days');
    expect(item('Unpaid')).toHaveTextContent('1 day');
  });
});

describe('LeaveCalendar keyboard', () => {
  it('has one day in the Tab order, today, and moves it with the arrows, Home and End', async () => {
    const { user } = await setup();
    expect(document.querySelectorAll('[data-date][tabindex="0"]')).toHaveLength(1);
    screen.getByLabelText('Next year, 2028', { selector: 'button' }).focus();
    await user.tab();
    expect(day('10 March 2027, today')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(day('11 March 2027')).toHaveFocus();
    expect(day('11 March 2027')).toHaveAttribute('tabindex', '0');
    expect(day('10 March 2027, today')).toHaveAttribute('tabindex', '-1');

    await user.keyboard('{ArrowUp}');
    expect(day('11 February 2027')).toHaveFocus();
    await user.keyboard('{End}{ArrowRight}');
    expect(day('1 March 2027')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(day('28 February 2027, weekend')).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}');
    expect(day('1 March 2027')).toHaveFocus();
  });

  it('goes to the last day of a shorter month when moving down from the 31st', async () => {
    const { user } = await setup();
    day('31 March 2027').focus();

    await user.keyboard('{ArrowDown}');
    expect(day('30 April 2027')).toHaveFocus();
  });

  it('marks a day with Enter and Space, and Shift+Enter is the admin holiday toggle', async () => {
    const { user, store } = await setup([], { isAdmin: true });
    day('3 March 2027').focus();

    await user.keyboard('{Enter}');
    expect(day('3 March 2027, sick')).toHaveFocus();
    await user.keyboard(' ');
    expect(day('3 March 2027, unpaid')).toBeInTheDocument();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(day('3 March 2027, holiday')).toBeInTheDocument();
    await waitFor(() => expect(store.get('2027-03-03')?.type).toBe('holiday'));
  });

  it("treats a member's Shift+Enter as Enter", async () => {
    const { user } = await setup();
    day('3 March 2027').focus();

    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(day('3 March 2027, sick')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/calendar/holiday')).toHaveLength(0);
  });
});
