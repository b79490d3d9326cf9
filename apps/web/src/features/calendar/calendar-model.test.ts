import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, type CalendarDay } from '@devplay/shared';
import { actionFor, dayLabel, moveFocus, totalsOf } from './calendar-model';

const window = { first: '2026-01-01', last: '2028-12-29' };
const member = { setsHolidays: false, toggleHoliday: false, window };
const admin = { setsHolidays: true, toggleHoliday: false, window };
const adminShift = { setsHolidays: true, toggleHoliday: true, window };
const sick: CalendarDay = { date: '2027-03-03', type: 'sick', setByAdmin: false };
const unpaid: CalendarDay = { date: '2027-03-03', type: 'unpaid', setByAdmin: false };
const holiday: CalendarDay = { date: '2027-03-03', type: 'holiday', setByAdmin: true };

describe('actionFor (SPEC §4 day cycle)', () => {
  it('cycles a working day empty → sick → unpaid → empty', () => {
    expect(actionFor('2027-03-03', undefined, member)).toEqual({
      kind: 'setLeave',
      date: '2027-03-03',
      type: 'sick',
    });
    expect(actionFor('2027-03-03', sick, member)).toMatchObject({ type: 'unpaid' });
    expect(actionFor('2027-03-03', unpaid, member)).toEqual({
      kind: 'clearLeave',
      date: '2027-03-03',
    });
  });

  it('refuses weekends and holidays to members with the spec messages', () => {
    expect(actionFor('2027-03-06', undefined, member)).toMatchObject({
      kind: 'locked',
      message: CALENDAR_MESSAGES.weekendLocked,
    });
    expect(actionFor('2027-03-03', holiday, member)).toMatchObject({
      kind: 'locked',
      message: CALENDAR_MESSAGES.holidayLocked,
    });
  });

  it('marks leave only inside the leave window, and clears it anywhere', () => {
    expect(actionFor('2025-12-31', undefined, member)).toEqual({
      kind: 'locked',
      date: '2025-12-31',
      message:
        'Leave can be marked from 2026-01-01 to 2028-12-29: up to a year back and two years ahead.',
    });
    expect(actionFor('2029-01-01', undefined, member)).toMatchObject({ kind: 'locked' });
    expect(actionFor('2026-01-01', undefined, member)).toMatchObject({ kind: 'setLeave' });
    expect(actionFor('2028-12-29', undefined, member)).toMatchObject({ kind: 'setLeave' });
    const oldSick = { ...sick, date: '2025-12-31' };
    expect(actionFor('2025-12-31', oldSick, member)).toEqual({
      kind: 'clearLeave',
      date: '2025-12-31',
    });
  });

  it("removes a holiday on an admin's click and toggles one on any day with Shift", () => {
    expect(actionFor('2027-03-03', holiday, admin).kind).toBe('removeHoliday');
    expect(actionFor('2027-03-03', holiday, adminShift).kind).toBe('removeHoliday');
    expect(actionFor('2027-03-06', undefined, adminShift).kind).toBe('setHoliday');
    expect(actionFor('2027-03-03', sick, adminShift).kind).toBe('setHoliday');
    expect(actionFor('2027-03-06', undefined, admin).kind).toBe('locked');
  });

  it('treats a holiday not set by an admin as no holiday', () => {
    const stray: CalendarDay = { ...holiday, setByAdmin: false };
    expect(actionFor('2027-03-03', stray, member).kind).toBe('setLeave');
    expect(totalsOf([stray])).toEqual({ holiday: 0, sick: 0, unpaid: 0 });
  });
});

describe('moveFocus', () => {
  it('stops at the edges of the year', () => {
    expect(moveFocus(2027, { month: 1, day: 1 }, 'ArrowLeft')).toBeNull();
    expect(moveFocus(2027, { month: 1, day: 1 }, 'ArrowUp')).toBeNull();
    expect(moveFocus(2027, { month: 12, day: 31 }, 'ArrowRight')).toBeNull();
    expect(moveFocus(2027, { month: 12, day: 31 }, 'ArrowDown')).toBeNull();
  });

  it('knows leap years', () => {
    expect(moveFocus(2028, { month: 1, day: 31 }, 'ArrowDown')).toEqual({ month: 2, day: 29 });
    expect(moveFocus(2028, { month: 2, day: 1 }, 'End')).toEqual({ month: 2, day: 29 });
  });
});

it('names a day "3 March 2027, sick"', () => {
  expect(dayLabel({ year: 2027, month: 3, day: 3 }, 'sick', { weekend: false, today: false })).toBe(
    '3 March 2027, sick',
  );
});
